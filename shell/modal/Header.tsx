// The modal header: back (when there is somewhere to go back to), the view's title, close.
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { unmetNeed, type Kernel, type KernelState } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { Icon } from '../ui/index.js'

/** "ConnectingExternal" → "Connecting External": a readable title when a view declares none. */
export function humanize(id: string): string {
  return id.replace(/([a-z])([A-Z])/g, '$1 $2')
}

const titleOf = (kernel: Kernel, state: KernelState): string => {
  const route = state.router.history.at(-1) ?? { view: 'Connect' }
  const view = route.view
  const meta = kernel.viewMeta(view)
  // The manifest's title shows before the view's code arrives.
  const t = meta?.title
  const need = unmetNeed(meta?.needs, state, route.data)
  // A step that has not started has no title ("Name registered" with no registration); nor has the empty state of a
  // view whose code (and title) did not load ("SIWXSign Message").
  if (need === 'context' || (need && !t)) return ''
  return typeof t === 'function' ? t(state) : (t ?? humanize(view))
}

/** The header row of the modal card. */
export function Header({ kernel, embedded }: { kernel: Kernel; embedded: boolean }): JSX.Element {
  useSignals()
  const title = useSelect(kernel, (s) => titleOf(kernel, s))
  const view = useSelect(kernel, (s) => s.router.history.at(-1)?.view ?? 'Connect')
  const depth = useSelect(kernel, (s) => s.router.history.length)
  const showBack = depth > 1 && !kernel.viewMeta(view)?.noBack
  return (
    <div className="fy-header">
      <div className="fy-header-side">
        {showBack ? (
          <button
            type="button"
            className="fy-icon-btn"
            data-testid="foyer-header-back"
            aria-label="Back"
            onClick={() => kernel.send('router/back')}
          >
            <Icon name="back" />
          </button>
        ) : null}
      </div>
      {/* A view without a title still names the dialog (axe aria-dialog-name) through the heading's label. */}
      <h2
        className="fy-title"
        id="fy-title"
        data-testid="foyer-header-title"
        tabIndex={-1}
        aria-label={title ? undefined : 'Wallet'}
      >
        {title}
      </h2>
      <div className="fy-header-side fy-header-end">
        {embedded ? null : (
          <button
            type="button"
            className="fy-icon-btn"
            data-testid="foyer-header-close"
            aria-label="Close"
            onClick={() => kernel.send('modal/close')}
          >
            <Icon name="close" />
          </button>
        )}
      </div>
    </div>
  )
}
