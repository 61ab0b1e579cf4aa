// Merges the route modules' fragments into one OpenAPI 3.1 document; a path+method or schema defined twice is a
// programming error and fails at start-up rather than producing an ambiguous contract.
import { ERROR_BODY_SCHEMA } from './common.js'
import type { OpenApiDocument, OpenApiFragment } from './types.js'

/** Builds the document served at GET /openapi.json. */
export function buildOpenApiDocument(
  fragments: Array<{ name: string; openapi: OpenApiFragment }>,
  version = '0.1.0',
): OpenApiDocument {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Foyer API',
      version,
      description: 'Self-hostable backend of the Foyer wallet modal. Every 4xx/5xx carries ErrorBody.',
    },
    tags: [],
    paths: {
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          summary: 'This document',
          responses: {
            '200': {
              description: 'OpenAPI 3.1 document',
              content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } },
            },
          },
        },
      },
    },
    components: { schemas: { ErrorBody: ERROR_BODY_SCHEMA } },
  }
  for (const { name, openapi } of fragments) {
    if (openapi.tag) doc.tags.push(openapi.tag)
    for (const [path, ops] of Object.entries(openapi.paths)) {
      const target = (doc.paths[path] ??= {})
      for (const [method, op] of Object.entries(ops)) {
        if (target[method])
          throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is defined twice (module "${name}")`)
        target[method] = op
      }
    }
    for (const [schemaName, schema] of Object.entries(openapi.schemas ?? {})) {
      if (doc.components.schemas[schemaName])
        throw new Error(`OpenAPI: schema "${schemaName}" is defined twice (module "${name}")`)
      doc.components.schemas[schemaName] = schema
    }
  }
  return doc
}
