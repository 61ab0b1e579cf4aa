// AllWallets: the server's wallet registry with debounced search and infinite scroll (40 per page). The list is one
// Tab stop with a roving tabindex: arrow keys, Page Up/Down, Home and End reach every wallet, loading pages as they go.
import { useCallback, useEffect, useRef, useState, type JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, EmptyState, Spinner, inputStyle, useSelect } from '../../../shell/ui/index.js'
import { listedWallet, type RegistryWallet } from '../../../protocol/registry/wallets.js'
import { hasMoreWallets, walletsOf } from '../wallets.state.js'
import { useRovingList } from './roving.js'
import { WalletRow } from './WalletRow.js'

/** Delay between the last keystroke and the search request. */
export const SearchDebounceMs = 300

/** The AllWallets view. */
export function AllWalletsView({ kernel }: { kernel: Kernel }): JSX.Element {
  const s = useSelect(kernel, walletsOf)
  const [text, setText] = useState(s.query)
  const sentinel = useRef<HTMLDivElement>(null)
  const fetch = useCallback(
    (input?: { search?: string; page?: number }) => {
      kernel.request('wallets/fetchPage', input).catch(() => {
        /* the slice holds the error */
      })
    },
    [kernel],
  )

  useEffect(() => {
    if (text.trim() === walletsOf(kernel.getState()).query) return
    const t = setTimeout(() => fetch({ search: text }), SearchDebounceMs)
    return () => clearTimeout(t)
  }, [text, fetch, kernel])

  const more = hasMoreWallets(s)
  useEffect(() => {
    const el = sentinel.current
    if (!el || !more || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetch()
      },
      { rootMargin: '240px' },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [more, s.items.length, fetch])

  const roving = useRovingList(kernel, s)

  const select = useCallback(
    (w: RegistryWallet) => {
      // The namespace plugins decide what a registry wallet means (installed extension, QR, deep link).
      if (kernel.hasRequest('wallet/selectRegistryWallet'))
        kernel.request('wallet/selectRegistryWallet', listedWallet(w)).catch(() => undefined)
    },
    [kernel],
  )

  return (
    <div className="fy-stack" data-testid="all-wallets">
      <input
        type="search"
        placeholder="Search wallet"
        aria-label="Search wallet"
        data-testid="wallet-search"
        style={inputStyle}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={100}
        autoComplete="off"
        onKeyDown={roving.fromSearch}
      />
      <div
        className="fy-stack"
        role="list"
        aria-label="Wallets"
        data-testid="all-wallets-list"
        data-count={s.count}
        ref={roving.list}
        onKeyDown={roving.onKeyDown}
      >
        {s.items.map((w, i) => (
          <WalletRow key={w.id} wallet={w} onSelect={select} index={i} active={i === roving.active} />
        ))}
      </div>
      <p className="fy-sr-only" role="status" aria-live="polite" data-testid="all-wallets-status">
        {s.status === 'loading'
          ? 'Loading wallets…'
          : s.status === 'error'
            ? `Couldn't load wallets. ${s.error ?? ''}`
            : s.status === 'ready'
              ? `${s.items.length} of ${s.count} wallets shown`
              : ''}
      </p>
      {s.status === 'ready' && s.items.length === 0 ? (
        <EmptyState
          icon="search"
          title="No wallet found"
          description={s.query ? `Nothing matches “${s.query}”.` : 'The registry is empty.'}
          testId="all-wallets-empty"
        />
      ) : null}
      {s.status === 'error' ? (
        <EmptyState
          icon="alert"
          title="Couldn't load wallets"
          description={s.error}
          testId="all-wallets-error"
          action={
            <Button
              variant="secondary"
              size="sm"
              testId="all-wallets-retry"
              onClick={() => fetch({ search: s.query, page: s.pages + 1 })}
            >
              Try again
            </Button>
          }
        />
      ) : null}
      {s.status === 'loading' ? (
        <div className="fy-slot-loading" data-testid="all-wallets-loading">
          <Spinner size={24} label="Loading wallets" />
        </div>
      ) : null}
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} data-testid="all-wallets-sentinel" />
    </div>
  )
}
