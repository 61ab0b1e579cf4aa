// The passkey views (issue 36). The ceremony itself runs in the secure frame, the relying party's origin: these views
// reserve the room and lay the frame over it (as ApproveTransaction does), where the visitor clicks the frame's own
// button. PasskeyLogin logs in or creates a wallet; Passkeys lists the signed-in wallet's passkeys, adds and removes.
import { useEffect, useRef, useState, type JSX } from 'react'
import { isPending, requestError, type Kernel } from '../../../kernel/index.js'
import { Button, ListItem, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import type { FrameTransport } from '../frame.js'
import { useFrameOver } from './ApproveTransactionView.js'

/** How tall the frame's passkey panel is. */
export const PASSKEY_PANEL_PX = 220

const quiet = (p: Promise<unknown>) => void p.catch(() => undefined)
const errorStyle = { color: 'var(--fy-danger, #e5484d)' } as const

/** The room the frame is laid over, once the frame is ready. */
function FrameRoom({ frame }: { frame: () => FrameTransport }): JSX.Element {
  const box = useRef<HTMLDivElement>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    frame()
      .ready()
      .then(
        () => live && setReady(true),
        () => undefined,
      )
    return () => {
      live = false
    }
  }, [frame])
  // the frame is laid over this box only once it exists (a view may open before the frame was ever made)
  return (
    <div
      ref={box}
      className="fy-stack fy-center"
      style={{ height: PASSKEY_PANEL_PX, alignItems: 'center', justifyContent: 'center' }}
      data-testid="passkey-frame-area"
    >
      {ready ? <Overlay frame={frame} box={box} /> : null}
      <Spinner size={28} label="Opening the secure wallet" />
    </div>
  )
}

function Overlay({ frame, box }: { frame: () => FrameTransport; box: { current: HTMLElement | null } }): null {
  useFrameOver(frame, box)
  return null
}

function ErrorLine({ message, testId }: { message?: string; testId: string }): JSX.Element | null {
  return message ? (
    <p className="fy-text fy-text-small" style={errorStyle} data-testid={testId} role="alert">
      {message}
    </p>
  ) : null
}

/** Builds the PasskeyLogin and Passkeys views over the plugin's frame. */
export function createPasskeyViews(frame: () => FrameTransport) {
  function PasskeyLoginView({ kernel }: { kernel: Kernel }): JSX.Element {
    const error = useSelect(kernel, (s) => {
      const e = requestError(s, 'auth/connectPasskey')
      // backing out of the panel is the visitor's choice, not a failure to show
      return e && e.code !== 4001 ? e.message : undefined
    })
    useEffect(() => {
      quiet(kernel.request('auth/connectPasskey'))
      return () => quiet(kernel.request('auth/cancelPasskey'))
    }, [kernel])
    return (
      <div className="fy-stack">
        <FrameRoom frame={frame} />
        <ErrorLine message={error} testId="passkey-login-error" />
      </div>
    )
  }

  function PasskeysView({ kernel }: { kernel: Kernel }): JSX.Element {
    const passkeys = useSelect(kernel, (s) => s.auth?.passkeys)
    const adding = useSelect(kernel, (s) => isPending(s, 'auth/addPasskey'))
    const removing = useSelect(kernel, (s) => isPending(s, 'auth/removePasskey'))
    const error = useSelect(
      kernel,
      (s) =>
        (
          requestError(s, 'auth/removePasskey') ??
          requestError(s, 'auth/listPasskeys') ??
          requestError(s, 'auth/addPasskey')
        )?.message,
    )
    useEffect(() => {
      quiet(kernel.request('auth/listPasskeys'))
      return () => quiet(kernel.request('auth/cancelPasskey'))
    }, [kernel])
    return (
      <div className="fy-stack">
        {adding ? (
          <FrameRoom frame={frame} />
        ) : (
          <>
            <Text variant="muted">Log in to this wallet with a passkey saved on your device, without email.</Text>
            <div className="fy-stack" data-testid="passkey-list">
              {(passkeys ?? []).map((p, i) => (
                <ListItem
                  key={p.id}
                  icon="lock"
                  label={`Passkey ${i + 1}`}
                  description={`Added ${p.createdAt.slice(0, 10)}${p.lastUsedAt ? ` · last used ${p.lastUsedAt.slice(0, 10)}` : ''}`}
                  testId={`passkey-item-${i}`}
                  end={
                    <Button
                      variant="secondary"
                      size="sm"
                      testId={`passkey-remove-${i}`}
                      disabled={removing}
                      onClick={() => quiet(kernel.request('auth/removePasskey', { id: p.id }))}
                    >
                      Remove
                    </Button>
                  }
                />
              ))}
              {passkeys && !passkeys.length ? <Text variant="muted">No passkeys yet.</Text> : null}
            </div>
            <ErrorLine message={error} testId="passkeys-error" />
            <Button testId="passkey-add-start" onClick={() => quiet(kernel.request('auth/addPasskey'))}>
              Add a passkey
            </Button>
          </>
        )}
      </div>
    )
  }

  return { PasskeyLoginView, PasskeysView }
}
