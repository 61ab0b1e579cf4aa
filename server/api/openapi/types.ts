// Minimal OpenAPI 3.1 typing: enough structure to merge fragments, loose enough to write them as plain objects.

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses). */
export type JsonSchema = Record<string, unknown>

/** An OpenAPI operation object. */
export type OpenApiOperation = Record<string, unknown> & { responses: Record<string, unknown> }

/** The OpenAPI part one route module contributes. */
export interface OpenApiFragment {
  /** Path templates ("/v1/wallets/{id}") → method ("get") → operation. */
  paths: Record<string, Record<string, OpenApiOperation>>
  /** Named schemas, referenced as "#/components/schemas/<Name>". */
  schemas?: Record<string, JsonSchema>
  /** Tag shown in doc viewers. */
  tag?: { name: string; description: string }
}

/** The whole document served at /openapi.json. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description?: string }
  tags: Array<{ name: string; description: string }>
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, JsonSchema> }
}
