import { describe, expect, it } from 'vitest'
import { formatError, formatRequest, formatResult, parseFrame, scanRawId } from './protocol.js'

describe('protocol', () => {
  it('keeps a 19-digit id exactly and echoes it verbatim', () => {
    const text = '{"id":1763712345678901234,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}'
    const frame = parseFrame(text)
    expect(frame).toEqual({
      type: 'request',
      id: '1763712345678901234',
      method: 'irn_subscribe',
      params: { topic: 't' },
    })
    expect(formatResult('1763712345678901234', 'abc')).toBe('{"id":1763712345678901234,"jsonrpc":"2.0","result":"abc"}')
  })

  it('echoes string ids with their quotes', () => {
    const frame = parseFrame('{"jsonrpc":"2.0","id":"1763712345678901234","method":"x","params":{}}')
    expect(frame.type === 'request' && frame.id).toBe('"1763712345678901234"')
    expect(formatError('"7"', -32601, 'nope')).toBe(
      '{"id":"7","jsonrpc":"2.0","error":{"code":-32601,"message":"nope"}}',
    )
  })

  it('finds the top-level id, not one nested in params or inside a string', () => {
    const text =
      '{"params":{"id":1,"s":"\\"id\\":2"},"method":"m","x":[{"id":3}], "id" : 9007199254740993 ,"jsonrpc":"2.0"}'
    expect(scanRawId(text)).toBe('9007199254740993')
    expect(scanRawId('{"method":"m"}')).toBeUndefined()
  })

  it('classifies responses (acks), notifications and junk without throwing', () => {
    expect(parseFrame('{"id":12345678901234567890,"jsonrpc":"2.0","result":true}')).toEqual({
      type: 'response',
      id: '12345678901234567890',
      error: false,
    })
    expect(parseFrame('{"id":5,"jsonrpc":"2.0","error":{"code":1,"message":"x"}}')).toMatchObject({
      type: 'response',
      error: true,
    })
    expect(parseFrame('{"jsonrpc":"2.0","method":"ping"}')).toEqual({ type: 'notification', method: 'ping' })
    expect(parseFrame('{"id":')).toMatchObject({ type: 'invalid', code: -32700, id: 'null' })
    expect(parseFrame('[1,2]')).toMatchObject({ type: 'invalid', code: -32600 })
    expect(parseFrame('"str"')).toMatchObject({ type: 'invalid', code: -32600 })
    expect(parseFrame('{"id":{"a":1},"method":"m"}')).toMatchObject({ type: 'invalid', code: -32600 })
    expect(parseFrame('{"id":3}')).toMatchObject({ type: 'invalid', id: '3', code: -32600 })
  })

  it('formats relay requests as parseable JSON', () => {
    const text = formatRequest(42, 'irn_subscription', {
      id: 'sub',
      data: { topic: 't', message: 'm', publishedAt: 1, tag: 0 },
    })
    expect(JSON.parse(text)).toEqual({
      id: 42,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: 'sub', data: { topic: 't', message: 'm', publishedAt: 1, tag: 0 } },
    })
  })
})
