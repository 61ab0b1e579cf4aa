import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../openapi/document.js'
import { errorResponses, jsonResponse, ref } from '../openapi/common.js'
import { ContractError, createContractClient, findOperation } from './contract.js'

// A tiny app whose handlers misbehave on demand, to prove the client catches each kind of drift.
const doc = buildOpenApiDocument([
  {
    name: 'things',
    openapi: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'integer' }, url: { type: 'string', format: 'uri' } },
        },
      },
      paths: {
        '/things/{id}': {
          get: {
            operationId: 'getThing',
            responses: { '200': jsonResponse('A thing', ref('Thing')), ...errorResponses('404') },
          },
        },
        '/things/special': { get: { operationId: 'special', responses: { '204': { description: 'Nothing' } } } },
      },
    },
  },
])
const app = new Hono()
app.get('/openapi.json', (c) => c.json(doc))
app.get('/things/special', (c) => c.body(null, 204))
app.get('/things/:id', (c) => {
  const id = c.req.param('id')
  if (id === '1') return c.json({ id: 1, url: 'https://example.com' })
  if (id === 'extra') return c.json({ id: 2, surprise: true })
  if (id === 'badurl') return c.json({ id: 3, url: 'not a url' })
  if (id === 'teapot') return c.json({ error: 'x', message: 'y', reasons: [] }, 418)
  if (id === 'text') return c.text('hello')
  return c.json({ error: 'not_found', message: 'no', reasons: [{ description: 'no' }] }, 404)
})
app.get('/undocumented', (c) => c.json({}))

describe('createContractClient', () => {
  it('passes responses that match', async () => {
    const client = await createContractClient(app)
    expect((await client.get('/things/1')).operationId).toBe('getThing')
    expect((await client.get('/things/missing')).status).toBe(404)
    expect((await client.get('/things/special')).operationId).toBe('special')
  })

  it.each([
    ['/things/extra', /does not match its schema[\s\S]*additionalProperty/],
    ['/things/badurl', /must match format "uri"/],
    ['/things/teapot', /status 418 is not documented/],
    ['/things/text', /content type "text\/plain" not documented/],
    ['/undocumented', /no operation in \/openapi.json documents/],
  ])('rejects %s', async (path, message) => {
    const client = await createContractClient(app)
    await expect(client.get(path)).rejects.toThrow(ContractError)
    await expect(client.get(path)).rejects.toThrow(message)
  })

  it('prefers static templates over parameterised ones', () => {
    expect(findOperation(doc, 'GET', '/things/special')?.template).toBe('/things/special')
    expect(findOperation(doc, 'GET', '/things/7')?.template).toBe('/things/{id}')
    expect(findOperation(doc, 'POST', '/things/7')).toBeUndefined()
  })

  it('checks component schemas on demand', async () => {
    const client = await createContractClient(app)
    expect(() => client.assertSchema('ErrorBody', { error: 'a', message: 'b', reasons: [] })).not.toThrow()
    expect(() => client.assertSchema('ErrorBody', { error: 'a' })).toThrow(/must have required property 'message'/)
    expect(() => client.assertSchema('Nope', {})).toThrow(/no component schema "Nope"/)
  })
})
