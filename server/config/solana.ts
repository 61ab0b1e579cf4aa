// Solana: the chains balances and the project RPC read, and the local litesvm node `npm start` runs and funds.
import { SOLANA_DEV_WALLET_ADDRESS } from '../solana/keys.js'
import type { SolanaChainConfig } from '../types.js'
import { SOLANA_ADDRESS, checkSolanaChain, checkStringList, fail } from './checks.js'
import { csv, flag, int, port, setting, type Role } from './setting.js'

/** Solana settings. */
export const solanaRole = {
  title: 'Solana',
  intro: 'Solana chains (server/solana/) and the local node:',
  settings: {
    solanaChains: setting<SolanaChainConfig[]>({
      env: [],
      default: () => [],
      check: (v, where) => {
        if (!Array.isArray(v)) fail(where, 'solanaChains', 'a list of Solana chains', v)
        v.forEach((c, i) => checkSolanaChain(c, where, `solanaChains[${i}]`))
      },
      row: { meaning: 'Solana chains (`SolanaChainConfig`) for balances, /v1/rpc, embedded-wallet sends' },
    }),
    localSolana: setting<boolean>({
      env: ['FOYER_LOCAL_SOLANA'],
      parse: flag,
      default: () => false,
      check: (v, where) => {
        if (typeof v !== 'boolean') fail(where, 'localSolana (FOYER_LOCAL_SOLANA)', 'a boolean', v)
      },
      row: { default: 'off', meaning: '`1`: start the local Solana node (litesvm) and serve it (`npm start`: on)' },
    }),
    solanaPort: setting<number>({
      env: ['FOYER_SOLANA_PORT'],
      parse: int,
      default: () => 8899,
      check: port('solanaPort (FOYER_SOLANA_PORT)'),
      row: { meaning: 'Its port (`0` = any free port)' },
    }),
    solanaFund: setting<string[]>({
      env: ['FOYER_SOLANA_FUND'],
      parse: csv,
      default: () => [SOLANA_DEV_WALLET_ADDRESS],
      check: (v, where) => {
        checkStringList(v, where, 'solanaFund (FOYER_SOLANA_FUND)')
        const bad = v.find((a) => !SOLANA_ADDRESS.test(a))
        if (bad !== undefined) fail(where, 'solanaFund (FOYER_SOLANA_FUND)', 'a list of base58 Solana addresses', bad)
      },
      row: {
        default: 'the dev wallet',
        meaning: 'Comma-separated base58 addresses funded with 10 SOL and 1000 USDC (SPL) there',
      },
    }),
  },
} satisfies Role<unknown>
