// Properties of the Activity rules: the sign of every operation type (SPEC §9), amounts cut to 3 decimals against a
// bigint reference (grouped in the locale), all-spam and other-network transactions dropped, malformed items dropped.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatBaseUnits } from '../../kernel/index.js'
import {
  amountText,
  MinusTypes,
  PlusTypes,
  shownItems,
  signOf,
  toActivityItem,
  type ActivityItem,
} from './activity.rules.js'

// every operation type the server sends, the SPEC's, and random ones
const ServerTypes = ['send', 'receive', 'swap', 'approve', 'buy', 'mint', 'burn', 'deploy', 'execute']
const SpecTypes = [...PlusTypes, ...MinusTypes, 'trade', 'approve', 'send', 'execute', 'mint']
const operationType = fc.oneof(fc.constantFrom(...ServerTypes, ...SpecTypes), fc.string())

const item = (operationType: string, numeric: string, spam = false, chain = 'eip155:1'): ActivityItem => ({
  id: `${chain}:0x1`,
  minedAt: '2026-11-24T00:00:00.000Z',
  chain,
  operationType,
  status: 'confirmed',
  sentFrom: '0xa',
  sentTo: '0xb',
  transfers: [{ kind: 'fungible', name: 'Ether', symbol: 'ETH', direction: 'in', quantity: numeric, spam }],
})

describe('activity sign rules', () => {
  it('+ for receive, deposit, borrow, claim and buy; - for withdraw, repay, burn and send; no sign otherwise', () => {
    fc.assert(
      fc.property(operationType, (type) => {
        const expected = ['receive', 'deposit', 'borrow', 'claim', 'buy'].includes(type)
          ? '+'
          : ['withdraw', 'repay', 'burn', 'send'].includes(type)
            ? '-'
            : ''
        expect(signOf(type)).toBe(expected)
      }),
    )
  })

  it('an amount reads with its sign and 3 decimals, truncated, in the locale', () => {
    const nf = new Intl.NumberFormat()
    const point = nf.formatToParts(0.5).find((p) => p.type === 'decimal')!.value
    fc.assert(
      fc.property(
        operationType,
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 24 }),
        (t, u, d) => {
          const cut = d >= 3 ? u / 10n ** BigInt(d - 3) : u * 10n ** BigInt(3 - d)
          const ref = `${nf.format(cut / 1000n)}${point}${nf.format(cut % 1000n).padStart(3, nf.format(0))}`
          expect(amountText(item(t, formatBaseUnits(u, d)))).toBe(`${signOf(t)}${ref} ETH`)
        },
      ),
    )
  })
})

describe('which transactions show', () => {
  it('drops a transaction whose transfers are all spam, and those on another network', () => {
    const a = item('receive', '1', true)
    const b = { ...item('receive', '1'), id: 'b', transfers: [...a.transfers, item('receive', '2').transfers[0]] }
    const c = { ...item('receive', '1', false, 'eip155:10'), id: 'c' }
    const none = { ...item('execute', '0'), id: 'd', transfers: [] }
    expect(shownItems([a, b, c, none], 'eip155:1').map((i) => i.id)).toEqual(['b', 'd'])
  })

  it('drops every malformed item the API could send', () => {
    const ok = {
      id: 'eip155:1:0x1',
      metadata: {
        minedAt: 'x',
        chain: 'eip155:1',
        operationType: 'send',
        status: 'confirmed',
        sentFrom: 'a',
        sentTo: 'b',
      },
      transfers: [
        { fungible_info: { name: 'E', symbol: 'ETH', spam: false }, direction: 'out', quantity: { numeric: '1.5' } },
      ],
    }
    expect(toActivityItem(ok)).toBeDefined()
    const paths = [
      ['id'],
      ['metadata'],
      ['metadata', 'chain'],
      ['metadata', 'minedAt'],
      ['transfers'],
      ['transfers', 0, 'direction'],
      ['transfers', 0, 'quantity'],
      ['transfers', 0, 'fungible_info', 'spam'],
      ['transfers', 0, 'fungible_info', 'symbol'],
    ] as const
    const wrong = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.constant({}))
    fc.assert(
      fc.property(fc.constantFrom(...paths), wrong, (path, value) => {
        const copy = structuredClone(ok) as Record<string | number, unknown>
        let at = copy
        for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>
        at[path[path.length - 1]] = value
        expect(toActivityItem(copy)).toBeUndefined()
      }),
    )
    for (const numeric of ['-1', '1e18', '', '0x10', '1.'])
      expect(toActivityItem({ ...ok, transfers: [{ ...ok.transfers[0], quantity: { numeric } }] })).toBeUndefined()
  })
})

describe('what a transaction was (issue 33)', () => {
  const fungible = (symbol: string, direction: 'in' | 'out', quantity: string) =>
    ({ kind: 'fungible', name: symbol, symbol, direction, quantity, spam: false }) as const
  it('a swap reads both legs, what left then what arrived; an approval its allowance', () => {
    const swap: ActivityItem = {
      ...item('swap', '0'),
      transfers: [fungible('USDC', 'in', '297.123456'), fungible('ETH', 'out', '0.1')],
    }
    expect(amountText(swap)).toBe(`-${new Intl.NumberFormat().format(0)}${point()}100 ETH → +297${point()}123 USDC`)
    const approve: ActivityItem = {
      ...item('approve', '0'),
      transfers: [],
      approval: { symbol: 'USDC', quantity: '25', unlimited: false },
    }
    expect(amountText(approve)).toBe(`25${point()}000 USDC`)
    expect(amountText({ ...approve, approval: { symbol: 'USDC', quantity: '1', unlimited: true } })).toBe(
      'Unlimited USDC',
    )
  })

  it('keeps an approval from the API, and drops a malformed one (the item stays)', () => {
    const raw = (approval: unknown) => ({
      id: 'eip155:1:0x1',
      metadata: {
        minedAt: '2026-11-24T00:00:00.000Z',
        chain: 'eip155:1',
        operationType: 'approve',
        status: 'confirmed',
        sentFrom: '0xa',
        sentTo: '0xb',
        approval,
      },
      transfers: [],
    })
    const good = { fungible_info: { symbol: 'USDC' }, quantity: { numeric: '25', decimals: 6 }, unlimited: false }
    expect(toActivityItem(raw(good))?.approval).toEqual({ symbol: 'USDC', quantity: '25', unlimited: false })
    expect(toActivityItem(raw({ ...good, quantity: { numeric: '1e5' } }))?.approval).toBeUndefined()
    expect(toActivityItem(raw('nope'))?.operationType).toBe('approve')
  })
})

function point(): string {
  return new Intl.NumberFormat().formatToParts(0.5).find((p) => p.type === 'decimal')!.value
}
