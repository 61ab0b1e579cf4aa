// WalletSend: pick a token (native first), type an amount (Max) and a receiver, preview the transfer with its fee, then
// confirm it in the wallet; the hash (and an explorer link where the network has one) once settled. The view shows
// state and sends intents; the plugin's requests do the work, and busy flags come from the kernel's request status.
import { useSignals } from '@preact/signals-react/runtime'
import { useState, type JSX } from 'react'
import { isPending, shortHash, type Kernel } from '../../../kernel/index.js'
import {
  Button,
  Icon,
  formatAmount,
  formatTokenAmount,
  inputStyle,
  isSafeLinkUrl,
  ListItem,
  normalizeDecimalInput,
  Text,
  useSelect,
} from '../../../shell/ui/index.js'
import { pickedToken, sendOf, sendTokens, type SendEdit } from '../send.state.js'
import { SendPreview } from './SendPreview.js'

const ignore = () => undefined

/** Copies a transaction's whole hash and says how it went in a snackbar. */
function copyHash(kernel: Kernel, hash: string): void {
  const say = (ok: boolean) =>
    void kernel
      .request(
        'snackbar/show',
        ok ? { variant: 'success', message: 'Hash copied' } : { variant: 'error', message: 'Could not copy the hash' },
      )
      .catch(ignore)
  const clip = globalThis.navigator?.clipboard
  if (!clip) return say(false)
  clip.writeText(hash).then(
    () => say(true),
    () => say(false),
  )
}

/** The WalletSend view. */
export function SendView({ kernel }: { kernel: Kernel }): JSX.Element {
  useSignals()
  const s = useSelect(kernel, sendOf)
  const tokens = useSelect(kernel, sendTokens)
  const token = useSelect(kernel, pickedToken)
  const reviewing = useSelect(kernel, (st) => isPending(st, 'send/preview'))
  const [picking, setPicking] = useState(false)
  const edit = (change: SendEdit & { max?: boolean }) => void kernel.request('send/edit', change).catch(ignore)

  if (s.review) return <SendPreview kernel={kernel} review={s.review} error={s.error} />
  if (picking)
    return (
      <div className="fy-stack" role="listbox" aria-label="Token to send">
        {tokens.map((t) => (
          <ListItem
            key={t.address}
            testId={`send-token-item-${t.symbol}`}
            label={t.symbol}
            description={t.name}
            imageUrl={t.iconUrl}
            imageSeed={t.address}
            selected={t.address === s.token}
            end={<span>{formatAmount(t.quantity)}</span>}
            onClick={() => {
              edit({ token: t.address })
              setPicking(false)
            }}
          />
        ))}
        {tokens.length === 0 ? <Text variant="small">No tokens to send on this network.</Text> : null}
        <Button variant="ghost" onClick={() => setPicking(false)}>
          Cancel
        </Button>
      </div>
    )
  return (
    <div className="fy-stack">
      <button type="button" className="fy-chip" data-testid="send-token-select" onClick={() => setPicking(true)}>
        {token?.symbol ?? 'Select token'}
      </button>
      <div className="fy-row" style={{ flexWrap: 'nowrap' }}>
        <input
          style={inputStyle}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          aria-label="Amount"
          data-testid="send-amount-input"
          value={s.amount}
          onChange={(e) => edit({ amount: normalizeDecimalInput(e.target.value) })}
        />
        <Button variant="secondary" size="sm" testId="send-max" onClick={() => edit({ max: true })}>
          Max
        </Button>
      </div>
      {token ? <Text variant="small">{`Balance: ${formatAmount(token.quantity)} ${token.symbol}`}</Text> : null}
      <input
        style={inputStyle}
        autoComplete="off"
        spellCheck={false}
        placeholder="Address or name"
        aria-label="Receiver"
        data-testid="send-address-input"
        value={s.receiver}
        onChange={(e) => edit({ receiver: e.target.value })}
      />
      {s.error ? (
        <Text variant="small" testId="send-error">
          <span role="alert">{s.error}</span>
        </Text>
      ) : null}
      {s.success ? (
        <div className="fy-stack" data-testid="send-success">
          <Text variant="body">{`Sent ${formatTokenAmount(s.success.amount, s.success.decimals)} ${s.success.symbol}`}</Text>
          <div className="fy-address-row">
            <span className="fy-text fy-text-mono" data-testid="send-tx-hash" title={s.success.hash}>
              {shortHash(s.success.hash)}
            </span>
            <button
              type="button"
              className="fy-icon-btn"
              data-testid="send-copy-hash"
              aria-label="Copy transaction hash"
              onClick={() => copyHash(kernel, s.success!.hash)}
            >
              <Icon name="copy" size={18} />
            </button>
          </div>
          {s.success.explorerUrl && isSafeLinkUrl(s.success.explorerUrl) ? (
            <a href={s.success.explorerUrl} target="_blank" rel="noreferrer" data-testid="send-explorer-link">
              View on explorer
            </a>
          ) : null}
        </div>
      ) : null}
      <Button
        size="lg"
        testId="send-preview-button"
        loading={reviewing}
        onClick={() => void kernel.request('send/preview').catch(ignore)}
      >
        Preview send
      </Button>
    </div>
  )
}
