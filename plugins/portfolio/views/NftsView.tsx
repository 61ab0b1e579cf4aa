// The NFTs tab: the account's ERC-721 tokens on the active network with image, name and collection (images come from
// the project's server; untrusted URLs load only over http(s) or as data:image).
import type { CSSProperties, JSX } from 'react'
import { activeCaipAddress, portfolioOf, type Kernel, type KernelState } from '../../../kernel/index.js'
import { Avatar, Button, EmptyState, isSafeImageUrl, Spinner, Text, useSelect } from '../../../shell/ui/index.js'

const grid: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }
const card: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }
const image: CSSProperties = { width: '100%', aspectRatio: '1', borderRadius: 12, objectFit: 'cover', display: 'block' }
const clip: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 }

const selectNfts = (caipAddress: string | undefined) => (s: KernelState) => {
  const p = portfolioOf(s)
  return p.caipAddress === caipAddress ? p.nfts : undefined
}

/** The AccountNfts view. */
export function NftsView({ kernel }: { kernel: Kernel }): JSX.Element {
  const caipAddress = useSelect(kernel, activeCaipAddress)
  const list = useSelect(kernel, selectNfts(caipAddress))
  if (!list || list.status === 'idle' || list.status === 'loading') return <Spinner label="Loading NFTs" />
  if (list.status === 'unavailable')
    return <EmptyState icon="info" title="No NFTs here" description="NFTs are shown on EVM networks." />
  if (list.status === 'failed')
    return (
      <EmptyState
        icon="info"
        title="NFTs unavailable"
        description="They could not be loaded."
        testId="nfts-failed"
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void kernel.request('portfolio/fetchNfts').catch(() => undefined)}
          >
            Retry
          </Button>
        }
      />
    )
  if (list.items.length === 0) return <EmptyState icon="info" title="No NFTs yet" testId="nfts-empty" />
  return (
    <div style={grid}>
      {list.items.map((n) => (
        <figure key={n.id} style={{ ...card, margin: 0 }} data-testid={`nft-item-${n.contract}-${n.tokenId}`}>
          {isSafeImageUrl(n.imageUrl) ? (
            <img src={n.imageUrl} alt={n.name} style={image} loading="lazy" referrerPolicy="no-referrer" />
          ) : (
            <Avatar seed={n.id} size={140} shape="rounded" alt={n.name} />
          )}
          <Text variant="body" className="fy-strong">
            <span style={{ ...clip, display: 'block' }}>{n.name}</span>
          </Text>
          <Text variant="small">
            <span style={{ ...clip, display: 'block' }}>{n.collection}</span>
          </Text>
        </figure>
      ))}
    </div>
  )
}
