// Where the page finds your Foyer server: read on the server at request time (so one build runs against any stack)
// and handed to the client as plain data.

/** What the client needs to create its Foyer instance. */
export interface FoyerConfig {
  projectId: string
  apiUrl: string
  relayUrl?: string
  /** JSON-RPC URL per EVM chain id, e.g. `{ "1": "http://127.0.0.1:8545" }`. */
  rpcUrls: Record<string, string>
}

/** The config from FOYER_PROJECT_ID, FOYER_API_URL, FOYER_RELAY_URL and FOYER_RPC_URLS (JSON), with `npm start`'s defaults. */
export function foyerConfig(): FoyerConfig {
  return {
    projectId: process.env.FOYER_PROJECT_ID ?? 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
    apiUrl: process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787',
    ...(process.env.FOYER_RELAY_URL ? { relayUrl: process.env.FOYER_RELAY_URL } : {}),
    rpcUrls: JSON.parse(process.env.FOYER_RPC_URLS ?? '{}') as Record<string, string>,
  }
}
