// Pay: the payment the host asked for, paid from the connected wallet or through an exchange, with its progress
// until the transaction is mined. Busy and errors come from the kernel's request status.
import type { JSX } from 'react'
import { requestError, type Kernel } from '../../../kernel/index.js'
import { Button, formatDecimal, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { payOf, type PayStatus } from '../pay.state.js'

const errorStyle = { color: 'var(--fy-error)', wordBreak: 'break-word' } as const
const wrap = { wordBreak: 'break-all' } as const
const quiet = (run: () => Promise<unknown>) => void run().catch(() => undefined)

const STATUS: Record<PayStatus, string> = {
  ready: '',
  signing: 'Confirm the payment in your wallet…',
  exchange: "Log in on the exchange's page to pay…",
  confirming: 'Waiting for the transaction to be mined…',
  completed: 'Paid.',
  failed: 'The payment failed.',
  cancelled: 'The payment was cancelled.',
}

/** The Pay view. */
export function PayView({ kernel }: { kernel: Kernel }): JSX.Element {
  const p = useSelect(kernel, payOf)
  const error = useSelect(
    kernel,
    (s) => requestError(s, 'pay/withWallet')?.message ?? requestError(s, 'pay/withExchange')?.message,
  )
  if (!p.payment || !p.asset) return <Text>No payment is open.</Text>
  const busy = ['signing', 'exchange', 'confirming'].includes(p.status)
  const done = ['completed', 'failed', 'cancelled'].includes(p.status)
  return (
    <div className="fy-stack">
      <Text variant="title" testId="pay-amount">
        {formatDecimal(p.payment.amount)} {p.asset.symbol}
      </Text>
      <div style={wrap}>
        <Text variant="small">To {p.payment.recipient}</Text>
      </div>
      {!done && (
        <>
          <Button
            testId="pay-wallet-button"
            disabled={busy}
            onClick={() => quiet(() => kernel.request('pay/withWallet'))}
          >
            Pay from wallet
          </Button>
          {p.exchanges.map((e) => (
            <Button
              key={e.id}
              variant="secondary"
              testId="pay-exchange-button"
              data-exchange={e.id}
              disabled={busy}
              onClick={() => quiet(() => kernel.request('pay/withExchange', { exchange: e.id }))}
            >
              Pay with {e.name}
            </Button>
          ))}
        </>
      )}
      {p.status !== 'ready' && (
        <div className="fy-stack" role="status" data-testid="pay-status" data-status={p.status} data-hash={p.hash}>
          <Text>{STATUS[p.status]}</Text>
          {p.hash && (
            <div style={wrap}>
              <Text variant="mono">{p.hash}</Text>
            </div>
          )}
          {busy && <Spinner size={20} label="Paying" />}
        </div>
      )}
      {(p.reason ?? error) && (
        <p style={errorStyle} role="alert" data-testid="pay-error">
          {p.reason ?? error}
        </p>
      )}
    </div>
  )
}
