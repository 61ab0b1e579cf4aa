// What the approval screen shows about a transaction, as the secure site works it out (decoded calls and
// instructions, token facts read from the chain, the simulated balance changes). The frame imports this file too:
// types and one list, nothing that pulls a library into its script.

/** The methods the preview describes (messages are shown by the frame as they are). */
export const PREVIEW_METHODS: readonly string[] = [
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** An amount in base units (may be negative for a balance change) with the unit it is counted in. */
export interface PreviewAmount {
  /** Integer in base units, as a decimal string. */
  value: string
  decimals: number
  symbol: string
}

/** One line of a section: a plain value, or an amount the frame writes in the visitor's locale. */
export interface PreviewRow {
  label: string
  value?: string
  amount?: PreviewAmount
}

/** One call (EVM) or instruction (Solana) in words. */
export interface PreviewSection {
  title: string
  rows: PreviewRow[]
  /** Said plainly above the buttons: an unlimited approval, calldata the wallet cannot read, … */
  warning?: string
}

/** The request run on the chain before signing: the visitor's balance changes, or why there are none to show. */
export type PreviewSimulation =
  { ok: true; changes: Array<{ amount: PreviewAmount; asset: string }>; note?: string } | { ok: false; reason: string }

/** The whole description of one request. */
export interface ApprovalPreview {
  sections: PreviewSection[]
  simulation: PreviewSimulation
  /** Who pays the gas: the project's paymaster (its name), or why it does not pay this time; absent = the account. */
  gas?: { sponsor: string } | { note: string }
}
