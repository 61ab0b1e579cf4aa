// OnRampTokenSelect and OnRampFiatSelect: the purchase currencies sold on the active network, the payment currencies.
import type { JSX } from 'react'
import { apiIconUrl, type Kernel } from '../../../kernel/index.js'
import { ListItem, Text, useSelect } from '../../../shell/ui/index.js'
import { onrampOf } from '../onramp.state.js'

const pick = (kernel: Kernel, kind: 'token' | 'fiat', id: string) =>
  void kernel.request('onramp/select', { kind, id }).catch(() => undefined)

/** The OnRampTokenSelect view. */
export function OnRampTokenSelectView({ kernel }: { kernel: Kernel }): JSX.Element {
  const offer = useSelect(kernel, (s) => onrampOf(s).offer)
  const selected = useSelect(kernel, (s) => onrampOf(s).token)
  const network = useSelect(kernel, (s) => s.account.activeCaipNetworkId)
  const tokens = offer?.purchaseCurrencies.filter((c) => c.networks.some((n) => n.chain_id === network)) ?? []
  if (tokens.length === 0) return <Text variant="muted">No token is sold on this network.</Text>
  return (
    <div className="fy-stack">
      {tokens.map((t) => (
        <ListItem
          key={t.id}
          testId={`onramp-token-${t.symbol}`}
          label={t.symbol}
          imageUrl={apiIconUrl(kernel.options.apiUrl, 'tokens', t.symbol)}
          imageSeed={t.symbol}
          description={`${t.name} on ${t.networks.find((n) => n.chain_id === network)?.display_name}`}
          selected={t.id === selected}
          onClick={() => pick(kernel, 'token', t.id)}
        />
      ))}
    </div>
  )
}

/** The OnRampFiatSelect view. */
export function OnRampFiatSelectView({ kernel }: { kernel: Kernel }): JSX.Element {
  const offer = useSelect(kernel, (s) => onrampOf(s).offer)
  const selected = useSelect(kernel, (s) => onrampOf(s).fiat)
  return (
    <div className="fy-stack">
      {(offer?.paymentCurrencies ?? []).map((f) => (
        <ListItem
          key={f.id}
          testId={`onramp-fiat-${f.id}`}
          label={f.id}
          description={f.payment_method_limits.map((l) => `${l.id} ${l.min}–${l.max}`).join(' · ')}
          selected={f.id === selected}
          onClick={() => pick(kernel, 'fiat', f.id)}
        />
      ))}
    </div>
  )
}
