// Each button renders into its own small shadow root (host CSS can't break it) and follows the kernel's theme.
import { useCallback, useContext, useState, type CSSProperties, type JSX, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { onServer } from '../server.js'
import { adoptStyles } from '../styles.js'
import { themeStyle } from '../theme.js'
import { buttonCss } from './buttons.css.js'
import { InShadowContext, useFoyer } from './context.js'
import { ServerFrame, useInlineStyle } from './ServerFrame.js'
import { useHydrating, useKernelValue } from './useKernelValue.js'

/** Wraps button content in a themed shadow root (or renders in place inside one Foyer already owns). */
export function ButtonFrame({ children }: { children: ReactNode }): JSX.Element {
  const foyer = useFoyer()
  const nested = useContext(InShadowContext)
  const hydrating = useHydrating()
  const theme = useKernelValue(foyer.kernel, (s) => s.theme)
  // The shadow root exists before the first render, so the button is in the first commit: a root attached from a
  // ref would need a second render, run synchronously inside that commit (React 18), on the way to the first paint.
  const [root] = useState(() => {
    if (nested || onServer()) return null
    const host = document.createElement('span')
    host.setAttribute('data-foyer-button', '')
    const shadow = host.attachShadow({ mode: 'open' })
    adoptStyles(shadow, buttonCss, foyer.options.nonce)
    return shadow
  })
  // The frame's own span adopts the shadow host once; re-appending it on every commit would blur a focused button.
  const adopt = useCallback((el: HTMLSpanElement | null) => void (el && root && el.appendChild(root.host)), [root])
  const content = (
    <Themed mode={theme.mode} style={themeStyle(theme)}>
      {children}
    </Themed>
  )
  if (nested) return content
  // A server writes the button into a declarative shadow root, so the page shows it before any script runs; hydration
  // keeps that span as it is (the parser turned its <template> into the shadow root), then the next render puts the
  // live button in its place.
  if (hydrating)
    return (
      <span>
        {onServer() ? (
          <ServerFrame css={buttonCss} nonce={foyer.options.nonce}>
            {content}
          </ServerFrame>
        ) : (
          <span data-foyer-button="" />
        )}
      </span>
    )
  return <span ref={adopt}>{root && createPortal(content, root)}</span>
}

// The themed box; its custom properties go through the CSSOM in a browser, through the nonce'd sheet on a server.
const Themed = ({ mode, style, children }: { mode: string; style: CSSProperties; children: ReactNode }) => (
  <span className="fyb" data-theme={mode} {...useInlineStyle(style)}>
    {children}
  </span>
)
