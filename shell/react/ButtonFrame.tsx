// Each button renders into its own small shadow root (host CSS can't break it) and follows the kernel's theme.
import { useCallback, useContext, useState, type JSX, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { adoptStyles } from '../styles.js'
import { themeStyle } from '../theme.js'
import { buttonCss } from './buttons.css.js'
import { InShadowContext, useFoyer } from './context.js'
import { useKernelValue } from './useKernelValue.js'

/** Wraps button content in a themed shadow root (or renders in place inside one Foyer already owns). */
export function ButtonFrame({ children }: { children: ReactNode }): JSX.Element {
  const foyer = useFoyer()
  const nested = useContext(InShadowContext)
  const theme = useKernelValue(foyer.kernel, (s) => s.theme)
  // The shadow root exists before the first render, so the button is in the first commit: a root attached from a
  // ref would need a second render, run synchronously inside that commit (React 18), on the way to the first paint.
  const [root] = useState(() => {
    if (nested || typeof document === 'undefined') return null
    const host = document.createElement('span')
    host.setAttribute('data-foyer-button', '')
    const shadow = host.attachShadow({ mode: 'open' })
    adoptStyles(shadow, buttonCss, foyer.options.nonce)
    return shadow
  })
  // The frame's own span adopts the shadow host once; re-appending it on every commit would blur a focused button.
  const adopt = useCallback((el: HTMLSpanElement | null) => void (el && root && el.appendChild(root.host)), [root])
  const content = (
    <span className="fyb" data-theme={theme.mode} style={themeStyle(theme)}>
      {children}
    </span>
  )
  if (nested) return content
  // Without a document (server rendering) the frame stays empty, as the shadow root it needs can't exist there.
  return <span ref={adopt}>{root && createPortal(content, root)}</span>
}
