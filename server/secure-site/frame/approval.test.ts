// What the secure frame's approval screen says about a transfer: every digit of the amount, grouped in the locale.
import { describe, expect, it } from 'vitest'
import { describe as describeRequest } from './approval.js'

const settings = {
  hostOrigin: 'http://localhost',
  verified: true,
  siteOrigin: 'http://localhost',
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', symbol: 'ETH', decimals: 18 }],
}
// the test machine's locale: the screen groups as the visitor's browser would
const nf = new Intl.NumberFormat()
const point = nf.formatToParts(0.5).find((p) => p.type === 'decimal')!.value
const send = (method: string, params: unknown) =>
  describeRequest({ namespace: 'eip155', caipNetworkId: 'eip155:1', method, params }, settings)

describe('the approval screen', () => {
  it('shows a transfer with every digit, grouped (12,345.000000000000000001 ETH)', () => {
    const wei = 12_345n * 10n ** 18n + 1n
    const tx = send('eth_sendTransaction', [{ to: '0xb', value: `0x${wei.toString(16)}` }])
    expect(tx.rows[0]).toEqual(['Send', `${nf.format(12_345)}${point}000000000000000001 ETH`])
    const calls = send('wallet_sendCalls', [
      {
        calls: [
          { to: '0xb', value: '0x1' },
          { to: '0xc', value: `0x${wei.toString(16)}` },
        ],
      },
    ])
    expect(calls.rows[1]).toEqual(['Send', `${nf.format(12_345)}${point}000000000000000002 ETH`])
  })
})
