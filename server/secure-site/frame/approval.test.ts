// What the secure frame's approval screen says about a transfer: every digit of the amount, grouped in the locale.
import { describe, expect, it } from 'vitest'
import { describe as describeRequest, fieldsOf, messageText } from './approval.js'

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

describe('what is signed', () => {
  it('a message as its text when it is UTF-8, else the hex that is signed', () => {
    expect(messageText('0x68656c6c6f20e282ac')).toBe('hello €')
    expect(messageText('0xff00fe9a')).toBe('0xff00fe9a')
    expect(messageText('0x0001')).toBe('0x0001')
    expect(messageText('plain text')).toBe('plain text')
    expect(send('personal_sign', ['0x6869', '0xa']).title).toBe('Sign message')
  })

  it('typed data as fields: structs and arrays nest, no JSON', () => {
    expect(fieldsOf({ from: { name: 'Cow', wallets: ['0x1', '0x2'] }, amount: 5 })).toEqual([
      {
        label: 'from',
        children: [
          { label: 'name', value: 'Cow' },
          {
            label: 'wallets',
            children: [
              { label: '#1', value: '0x1' },
              { label: '#2', value: '0x2' },
            ],
          },
        ],
      },
      { label: 'amount', value: '5' },
    ])
    const typed = { domain: { name: 'Mail' }, primaryType: 'Mail', message: { contents: 'Hi' }, types: {} }
    const d = send('eth_signTypedData_v4', ['0xa', JSON.stringify(typed)])
    expect(d.title).toBe('Sign typed data')
    expect(d.block).toBeUndefined()
    expect(d.fields).toEqual([
      { label: 'Domain', children: [{ label: 'name', value: 'Mail' }] },
      { label: 'Mail', children: [{ label: 'contents', value: 'Hi' }] },
    ])
  })
})
