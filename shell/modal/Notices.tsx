// The snackbar (polite live region) and the alert bar (role alert, dismissable), both straight from kernel slices.
import type { JSX } from 'react'
import type { Kernel } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { Icon, Spinner } from '../ui/index.js'

/** The snackbar at the bottom of the card. */
export function Snackbar({ kernel }: { kernel: Kernel }): JSX.Element {
  const snack = useSelect(kernel, (s) => s.snackbar)
  // The live region stays mounted so screen readers announce messages that appear inside it.
  return (
    <div className="fy-snackbar-region" role="status" aria-live="polite">
      {snack.open ? (
        <div className={`fy-snackbar fy-snackbar-${snack.variant}`} data-testid="snackbar-message" key={snack.id}>
          {snack.variant === 'loading' ? (
            <Spinner size={16} />
          ) : (
            <Icon name={snack.variant === 'success' ? 'check' : 'alert'} size={16} />
          )}
          <span>{snack.message}</span>
        </div>
      ) : null}
    </div>
  )
}

/** The alert bar at the top of the card. */
export function AlertBar({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const alert = useSelect(kernel, (s) => s.alert)
  if (!alert.open) return null
  return (
    <div
      className={`fy-alert fy-alert-${alert.variant}`}
      role="alert"
      data-testid="alert-message"
      data-code={alert.code}
    >
      <Icon name={alert.variant === 'info' || alert.variant === 'success' ? 'info' : 'alert'} size={18} />
      <span className="fy-alert-text">{alert.message}</span>
      <button
        type="button"
        className="fy-icon-btn fy-alert-dismiss"
        data-testid="alert-dismiss"
        aria-label="Dismiss alert"
        onClick={() => {
          kernel.request('alert/dismiss').catch((e: unknown) => kernel.reportError(e))
        }}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  )
}
