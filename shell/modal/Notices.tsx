// The snackbar (polite live region), the alert bar (role alert, dismissable) and the connection's live status, all
// straight from kernel slices.
import { useEffect, useRef, useState, type JSX } from 'react'
import { activeCaipAddress, isConnected, isConnecting, isPending, type Kernel } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { Icon, Spinner, addressOf, truncateAddress } from '../ui/index.js'

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
        onClick={() => kernel.send('alert/dismiss')}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  )
}

/**
 * A visually hidden live region, mounted for the modal's whole life (open or closed): says "Loading…" while the modal
 * loads, "Connecting…" while a wallet connects and "Connected" once it did, so a screen reader hears what sighted
 * visitors see in spinners and the button that turns into the account.
 */
export function LiveStatus({ kernel }: { kernel: Kernel }): JSX.Element {
  const phase = useSelect(kernel, (s) =>
    isConnecting(s) || isPending(s, 'wallet/connect')
      ? 'connecting'
      : isConnected(s)
        ? `connected ${activeCaipAddress(s) ?? ''}`
        : s.modal.open && s.modal.loading
          ? 'loading'
          : 'idle',
  )
  const [said, setSaid] = useState('')
  const last = useRef(phase)
  useEffect(() => {
    const was = last.current
    last.current = phase
    if (phase === 'connecting') setSaid('Connecting to your wallet…')
    else if (phase === 'loading') setSaid('Loading…')
    // "Connected" is news only right after connecting, not each time the modal opens on a restored session.
    else if (phase.startsWith('connected') && was === 'connecting')
      setSaid(`Connected: account ${truncateAddress(addressOf(phase.slice(10)), 4, 4)}`)
  }, [phase])
  return (
    <p className="fy-sr-only" role="status" aria-live="polite" data-testid="foyer-live">
      {said}
    </p>
  )
}
