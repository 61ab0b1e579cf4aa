// Payments: the paymaster that sponsors gas, and the local on-ramp provider and exchange `npm start` runs.
import { ConfigError, checkPort, fail } from './checks.js'
import { int, setting, text, type Role } from './setting.js'

/** Payment settings. */
export const paymentsRole = {
  title: 'Payments',
  intro:
    'Sponsored gas (server/paymaster/), the local on-ramp provider (server/onramp/) and exchange (server/exchange/):',
  settings: {
    paymasterKey: setting<string>({
      env: ['FOYER_PAYMASTER_KEY'],
      parse: text,
      check: (v, where) => {
        if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(v))
          throw new ConfigError(`${where}paymasterKey (FOYER_PAYMASTER_KEY) must be a 32-byte 0x-hex private key`)
      },
      row: {
        default: 'local fixed',
        meaning: 'Key signing the paymaster’s sponsorships (see [Sponsored gas](#sponsored-gas)); never logged',
      },
    }),
    onrampPort: setting<number>({
      env: ['FOYER_ONRAMP_PORT'],
      parse: int,
      check: (v, where) => checkPort(v, where, 'onrampPort (FOYER_ONRAMP_PORT)'),
      row: {
        default: 'off',
        meaning: 'The local on-ramp provider’s checkout site (`npm start`: 8792); see "On-ramp providers"',
      },
    }),
    onrampFeeBps: setting<number>({
      env: ['FOYER_ONRAMP_FEE_BPS'],
      parse: int,
      default: () => 150,
      check: (v, where) => {
        if (!Number.isInteger(v) || v < 100 || v > 200)
          fail(where, 'onrampFeeBps (FOYER_ONRAMP_FEE_BPS)', 'an integer from 100 to 200 (1–2 %)', v)
      },
      row: { meaning: 'The local provider’s single fee in basis points, 100–200 (SPEC §9: 1–2 %)' },
    }),
    exchangePort: setting<number>({
      env: ['FOYER_EXCHANGE_PORT'],
      parse: int,
      check: (v, where) => checkPort(v, where, 'exchangePort (FOYER_EXCHANGE_PORT)'),
      row: { default: 'off', meaning: 'The local exchange’s login page (`npm start`: 8793); see "Pay with exchange"' },
    }),
  },
  notes: [
    {
      key: '`projects…sponsorship`',
      default: 'off',
      meaning: '`{ enabled, chains?, dailyBudgetWei? }`: gas sponsorship of the project',
    },
  ],
} satisfies Role<unknown>
