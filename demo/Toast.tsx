// The host page's toast of the modal's transactions (foyer.subscribeTransactions): loading, then success with the
// hash's explorer link where the network has one, or error. As SPEC's notifications: a new status hides the shown one,
// then appears 150 ms later. It stays until the next status or the visitor dismisses it.
import { useEffect, useState } from 'react'
import type { Foyer, TransactionStatus } from '../index.js'

const SwapMs = 150

/** The demo's transaction toast. */
export function TransactionToast({ foyer }: { foyer: Foyer }) {
  const [shown, setShown] = useState<TransactionStatus | null>(null)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const off = foyer.subscribeTransactions((status) => {
      clearTimeout(timer)
      setShown(null)
      timer = setTimeout(() => setShown(status), SwapMs)
    })
    return () => {
      clearTimeout(timer)
      off()
    }
  }, [foyer])
  if (!shown) return null
  return (
    <div
      className={`toast toast-${shown.status}`}
      role={shown.status === 'error' ? 'alert' : 'status'}
      data-testid="demo-toast"
      data-status={shown.status}
    >
      <span>{shown.message}</span>
      {shown.explorerUrl ? (
        <a href={shown.explorerUrl} target="_blank" rel="noreferrer" data-testid="demo-toast-explorer">
          View on explorer
        </a>
      ) : null}
      <button type="button" className="btn ghost" aria-label="Dismiss" onClick={() => setShown(null)}>
        ×
      </button>
    </div>
  )
}
