// The preview of a reviewed transfer: token and amount, receiver (and the name it was resolved from), network and the
// estimated fee in the native token and dollars; confirm in the wallet (the loading flag while it is asked), or edit.
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { isPending, truncateDecimals, type Kernel } from '../../../kernel/index.js'
import {
  Button,
  formatDecimal,
  formatSignificant,
  formatTokenAmount,
  formatUsd,
  Text,
  truncateAddress,
  useSelect,
} from '../../../shell/ui/index.js'
import type { SendReview } from '../send.state.js'

const ignore = () => undefined

/** A USD fee as the preview shows it ("< $0.01" rather than a misleading $0.00). */
export function usdText(usd: string): string {
  const tiny = !/[1-9]/.test(truncateDecimals(usd, 2)) && /[1-9]/.test(usd)
  return tiny ? `< $${formatDecimal('0.01')}` : `$${formatUsd(usd)}`
}

/** Props of {@link SendPreview}. */
export interface SendPreviewProps {
  kernel: Kernel
  review: SendReview
  error?: string
}

// a long value (a name) is cut with an ellipsis inside the row, never pushing the sheet wider than a phone
const valueStyle = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const

const Row = ({ label, value, testId, title }: { label: string; value: string; testId: string; title?: string }) => (
  <div className="fy-row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap', gap: 12 }}>
    <Text variant="small">{label}</Text>
    <span className="fy-text fy-text-body" style={valueStyle} data-testid={testId} title={title}>
      {value}
    </span>
  </div>
)

/** The send preview. */
export function SendPreview({ kernel, review: r, error }: SendPreviewProps): JSX.Element {
  useSignals()
  const sending = useSelect(kernel, (s) => isPending(s, 'send/confirm'))
  // a fee reads with a few significant digits (0.000021 ETH), not all 18 decimals of the native token
  const fee = `${formatSignificant(r.fee, r.feeDecimals)} ${r.feeSymbol}`
  // the receiver shortened in the middle; the whole address is its title (and what was checked)
  const to = truncateAddress(r.to)
  return (
    <div className="fy-stack" data-testid="send-preview">
      <Row label="Send" value={`${formatTokenAmount(r.amount, r.decimals)} ${r.symbol}`} testId="send-preview-amount" />
      <Row label="To" value={r.name ? `${r.name} (${to})` : to} title={r.to} testId="send-preview-to" />
      <Row label="Network" value={r.networkName} testId="send-preview-network" />
      <Row
        label="Network fee"
        value={r.feeUsd === undefined ? fee : `${fee} (${usdText(r.feeUsd)})`}
        testId="send-preview-fee"
      />
      {error ? (
        <Text variant="small" testId="send-error">
          <span role="alert">{error}</span>
        </Text>
      ) : null}
      <Button
        size="lg"
        testId="send-confirm-button"
        loading={sending}
        onClick={() => void kernel.request('send/confirm').catch(ignore)}
      >
        {sending ? 'Confirm in your wallet…' : 'Send'}
      </Button>
      <Button variant="ghost" disabled={sending} onClick={() => void kernel.request('send/edit', {}).catch(ignore)}>
        Edit
      </Button>
    </div>
  )
}
