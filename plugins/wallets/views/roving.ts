// Keyboard access to the whole registry from the AllWallets list: one Tab stop (roving tabindex), arrow keys, Page
// Up/Down, Home and End. A key that goes past the loaded wallets loads the pages up to it and then moves focus there,
// so the 539th wallet is one End away, while scrolling still loads 40 at a time.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { walletsOf, type WalletsState } from '../wallets.state.js'

/** Rows one Page Up/Down moves. */
export const PageStep = 10

/** What {@link useRovingList} gives the view. */
export interface RovingList {
  /** The index of the row that takes Tab. */
  active: number
  list: RefObject<HTMLDivElement | null>
  onKeyDown(e: KeyboardEvent): void
  /** Arrow Down in the search field moves into the list. */
  fromSearch(e: KeyboardEvent): void
}

// Resolves when the page in flight settles (loaded or failed) or another one starts.
const nextPage = (kernel: Kernel) =>
  new Promise<void>((resolve) => {
    const offs = [
      kernel.on('wallets/pageLoaded', () => done()),
      kernel.on('wallets/pageFailed', () => done()),
      kernel.on('wallets/pageRequested', () => done()),
    ]
    const done = () => {
      offs.forEach((off) => off())
      resolve()
    }
  })

/** Loads registry pages until row `index` exists, the list is complete, or a page fails. */
async function loadUntil(kernel: Kernel, index: number): Promise<void> {
  // Bounded: 539 wallets are 14 pages; a registry that keeps growing cannot keep the loop going.
  for (let guard = 0; guard < 200; guard++) {
    const w = walletsOf(kernel.getState())
    if (w.items.length > index || (w.pages > 0 && w.items.length >= w.count) || w.status === 'error') return
    if (w.status === 'loading') await nextPage(kernel)
    else await kernel.request('wallets/fetchPage', undefined).catch(() => undefined)
  }
}

/** The roving tabindex over the AllWallets rows. */
export function useRovingList(kernel: Kernel, s: WalletsState): RovingList {
  const list = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const [pending, setPending] = useState<number>()
  const rows = s.items.length

  const focusRow = useCallback((i: number) => {
    const el = list.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)
    el?.focus()
    el?.scrollIntoView?.({ block: 'nearest' })
  }, [])

  // A new search shortens the list: the Tab stop stays on a row that exists.
  useEffect(() => {
    if (active >= rows) setActive(Math.max(0, rows - 1))
  }, [active, rows])

  // Once the page holding the wanted row arrived (or the list ended), focus it.
  useEffect(() => {
    if (pending === undefined) return
    const w = walletsOf(kernel.getState())
    const complete = w.pages > 0 && w.items.length >= w.count
    if (pending < rows || complete || w.status === 'error') {
      const i = Math.min(pending, rows - 1)
      setPending(undefined)
      if (i >= 0) {
        setActive(i)
        focusRow(i)
      }
    }
  }, [pending, rows, s.status, kernel, focusRow])

  const moveTo = useCallback(
    (target: number) => {
      const total = Math.max(s.count, rows)
      const i = Math.max(0, Math.min(target, total - 1))
      if (i < rows) {
        setActive(i)
        focusRow(i)
        // Near the end of what is loaded: fetch the next page before the visitor gets there.
        if (i >= rows - 3) void loadUntil(kernel, rows)
        return
      }
      setPending(i)
      void loadUntil(kernel, i)
    },
    [s.count, rows, kernel, focusRow],
  )

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const from = Number((e.target as HTMLElement).dataset?.index ?? active)
      const step: Record<string, number> = {
        ArrowDown: from + 1,
        ArrowUp: from - 1,
        PageDown: from + PageStep,
        PageUp: from - PageStep,
        Home: 0,
        End: Math.max(s.count, rows) - 1,
      }
      if (!(e.key in step)) return
      e.preventDefault()
      moveTo(step[e.key])
    },
    [active, s.count, rows, moveTo],
  )

  const fromSearch = useCallback(
    (e: KeyboardEvent) => {
      if (e.key !== 'ArrowDown' || !rows) return
      e.preventDefault()
      moveTo(active)
    },
    [rows, active, moveTo],
  )

  return { active, list, onKeyDown, fromSearch }
}
