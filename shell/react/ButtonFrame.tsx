// Each button renders into its own small shadow root (host CSS can't break it) and follows the kernel's theme.
import { useCallback, useContext, useState, type JSX, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { adoptStyles } from '../styles.js'
import { themeStyle } from '../theme.js'
import { buttonCss } from './buttons.css.js'
import { InShadowContext, useFoyer } from './context.js'
import { useSelect } from './useSelect.js'

/** Wraps button content in a themed shadow root (or renders in place inside one Foyer already owns). */
export function ButtonFrame({ children }: { children: ReactNode }): JSX.Element {
  const foyer = useFoyer()
  const nested = useContext(InShadowContext)
  const theme = useSelect(foyer.kernel, (s) => s.theme)
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const attach = useCallback(
    (el: HTMLSpanElement | null) => {
      if (!el) return
      const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' })
      adoptStyles(shadow, buttonCss, foyer.options.nonce)
      setRoot(shadow)
    },
    [foyer],
  )
  const content = (
    <span className="fyb" data-theme={theme.mode} style={themeStyle(theme)}>
      {children}
    </span>
  )
  if (nested) return content
  return (
    <span ref={attach} data-foyer-button="">
      {root ? createPortal(content, root) : null}
    </span>
  )
}
