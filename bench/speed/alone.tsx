// React alone, the pairing baseline of bench:speed: a button, and on click a short list rendered by a state update.
// Same test ids as the Foyer page, so one timing script measures both.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

function Page() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" data-testid="connect-button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? (
        <div data-testid="connect-wallets">
          {['One', 'Two', 'Three'].map((name) => (
            <button type="button" key={name} data-testid={`wallet-selector-${name}`}>
              {name}
            </button>
          ))}
        </div>
      ) : null}
    </>
  )
}

createRoot(document.getElementById('root')!).render(<Page />)
