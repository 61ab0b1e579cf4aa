// The Activity tab: the account's transactions on the active network (all-spam ones dropped, SPEC §5), each with
// its operation (send, receive, swap, approve, mint… as the server read it from the chain), date and amounts (both
// legs of a swap), and a link to the network's explorer where it has one; NFT transfers show the NFT's image and
// name. The next page loads when the "Load more" row scrolls into view (the visitor's scroll, or a click on it).
import { useEffect, useRef, type JSX } from 'react'
import { activeCaipAddress, explorerTxUrl, type Kernel, type KernelState } from '../../../kernel/index.js'
import { Button, EmptyState, isSafeLinkUrl, ListItem, Spinner, useSelect } from '../../../shell/ui/index.js'
import { amountText, shownItems, type ActivityItem } from '../activity.rules.js'

const selectList = (caipAddress: string | undefined) => (s: KernelState) => {
  const a = s.activity
  return a && a.caipAddress === caipAddress && a.caipNetworkId === s.account.activeCaipNetworkId ? a : undefined
}

const label = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)
const date = (iso: string) => iso.slice(0, 10)
const more = (kernel: Kernel) => void kernel.request('activity/fetchMore').catch(() => undefined)

const endStyle = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 2 } as const

function Row({ kernel, item }: { kernel: Kernel; item: ActivityItem }): JSX.Element {
  const first = item.transfers[0]
  // the chain's explorer where the host configured one for the network (a local chain has none)
  const explorer = useSelect(kernel, (s) => (item.hash ? explorerTxUrl(s, item.chain, item.hash) : undefined))
  return (
    <ListItem
      testId={`activity-item-${item.id}`}
      imageUrl={first?.imageUrl}
      imageSeed={first?.name ?? item.operationType}
      label={item.status === 'failed' ? `${label(item.operationType)} (failed)` : label(item.operationType)}
      description={date(item.minedAt)}
      end={
        <span style={endStyle}>
          <span className="fy-strong" data-testid="activity-amount">
            {amountText(item)}
          </span>
          {explorer && isSafeLinkUrl(explorer) ? (
            <a
              className="fy-text-small"
              href={explorer}
              target="_blank"
              rel="noreferrer"
              data-testid="activity-explorer-link"
              aria-label={`View ${label(item.operationType)} on explorer`}
            >
              Explorer
            </a>
          ) : null}
        </span>
      }
    />
  )
}

function LoadMore({ kernel, busy }: { kernel: Kernel; busy: boolean }): JSX.Element {
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(kernel))
    seen.observe(el)
    return () => seen.disconnect()
  }, [kernel])
  return (
    <span ref={ref}>
      <Button variant="secondary" size="sm" loading={busy} testId="activity-load-more" onClick={() => more(kernel)}>
        Load more
      </Button>
    </span>
  )
}

/** The AccountActivity view. */
export function ActivityView({ kernel }: { kernel: Kernel }): JSX.Element {
  const caipAddress = useSelect(kernel, activeCaipAddress)
  const list = useSelect(kernel, selectList(caipAddress))
  const network = useSelect(kernel, (s) => s.account.activeCaipNetworkId)
  if (!list || list.status === 'idle' || list.status === 'loading') return <Spinner label="Loading activity" />
  const items = shownItems(list.items, network)
  return (
    <div className="fy-stack">
      {items.length === 0 ? (
        <EmptyState icon="info" title="No activity yet" testId="activity-empty" />
      ) : (
        items.map((i) => <Row key={i.id} kernel={kernel} item={i} />)
      )}
      {list.next ? <LoadMore kernel={kernel} busy={list.loadingMore} /> : null}
    </div>
  )
}
