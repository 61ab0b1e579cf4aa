// What the API says about tokens and names: the operator's fixed prices, the price API, spam tokens, and the names
// registered through the names endpoints.
import { checkStringList, checkUrl, fail, isRecord } from './checks.js'
import { atLeast, csv, int, setting, text, type Role } from './setting.js'

const PriceKeyRe =
  /^(eip155:\d+:(0x[0-9a-fA-F]{40}|native)|solana:[1-9A-HJ-NP-Za-km-z]{32}:([1-9A-HJ-NP-Za-km-z]{32,44}|native))$/

/** Fails unless `table` maps symbols to non-negative USD prices (numbers or decimal strings). */
function checkUsdTable(table: unknown, where: string, key: string): void {
  if (!isRecord(table)) fail(where, key, 'an object of symbol → USD price', table)
  for (const [sym, v] of Object.entries(table))
    if (!(typeof v === 'number' ? v >= 0 && Number.isFinite(v) : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)))
      fail(where, `${key}.${sym}`, 'a non-negative number or decimal string', v)
}

/** Token and name settings. */
export const dataRole = {
  title: 'Prices, tokens and names',
  intro: 'What balances, prices and the names endpoints answer (server/api/, server/names/):',
  settings: {
    priceTable: setting<Record<string, number | string>>({
      env: [],
      default: () => ({}),
      check: (v, where) => {
        checkUsdTable(v, where, 'priceTable')
        // By chain and address, never by symbol: a symbol is anyone's to take.
        const bad = Object.keys(v).find((k) => !PriceKeyRe.test(k))
        if (bad !== undefined) fail(where, 'priceTable', 'keys "<chain>:<token address>" or "<chain>:native"', bad)
      },
      row: {
        meaning:
          'The operator’s fixed USD prices by chain and token (`eip155:1:0xa0b8…`, `eip155:1:native`), asked first',
      },
    }),
    priceApiUrl: setting<string>({
      env: ['FOYER_PRICE_API_URL'],
      parse: text,
      check: (v, where) => checkUrl(v, where, 'priceApiUrl (FOYER_PRICE_API_URL)', ['http:', 'https:']),
      row: { meaning: 'A DefiLlama-compatible price API (e.g. `https://coins.llama.fi`), asked after the pools' },
    }),
    spamTokens: setting<string[]>({
      env: ['FOYER_SPAM_TOKENS'],
      parse: csv,
      default: () => [],
      check: (v, where) => {
        checkStringList(v, where, 'spamTokens (FOYER_SPAM_TOKENS)')
        const bad = v.find(
          (t) =>
            !/^((eip155:\d+:)?0x[0-9a-fA-F]{40}|solana:[1-9A-HJ-NP-Za-km-z]{32}:[1-9A-HJ-NP-Za-km-z]{32,44})$/.test(t),
        )
        if (bad !== undefined) fail(where, 'spamTokens (FOYER_SPAM_TOKENS)', 'CAIP-10 token ids or 0x addresses', bad)
      },
      row: { meaning: 'Tokens always flagged spam: CAIP-10 ids (`eip155:1:0x…`) or bare `0x` addresses (every chain)' },
    }),
    nameSuffix: setting<string>({
      env: ['FOYER_NAME_SUFFIX'],
      parse: text,
      default: () => 'foyer.id',
      check: (v, where) => {
        if (typeof v !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v))
          fail(where, 'nameSuffix', 'a dotted lower-case domain such as foyer.id', v)
      },
      row: { meaning: 'Suffix of registered names' },
    }),
    namesPerAddress: setting<number>({
      env: ['FOYER_NAMES_PER_ADDRESS'],
      parse: int,
      default: () => 5,
      check: atLeast('namesPerAddress', 0, 'a non-negative integer'),
      row: { meaning: 'Names one address may hold (0 = unlimited); one more is refused 403 `name_budget_exceeded`' },
    }),
  },
} satisfies Role<unknown>
