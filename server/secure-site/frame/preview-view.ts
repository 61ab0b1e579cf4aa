// The secure site's description of a transaction inside the approval screen: a card per call or instruction, its
// warning said plainly, and the simulated balance changes (or why there are none). Text nodes only.
import { formatUnits } from 'viem'
import { formatDecimal } from '../../../protocol/decimal.js'
import type { ApprovalPreview, PreviewAmount } from '../preview/types.js'

/** Where the description stands while the visitor looks at the request. */
export type PreviewState =
  { state: 'loading' } | { state: 'done'; preview: ApprovalPreview } | { state: 'failed'; message: string }

type El = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string) => HTMLElementTagNameMap[K]

/** Every digit, grouped in the visitor's locale (a wallet prompt cuts nothing); `signed` writes a + on gains. */
export function formatAmount(a: PreviewAmount, signed = false): string {
  const value = BigInt(a.value)
  const text = `${formatDecimal(formatUnits(value, a.decimals))} ${a.symbol}`.trim()
  return signed && value > 0n ? `+${text}` : text
}

/** The nodes that show `s` (a line while it loads; the failure said plainly). */
export function previewNodes(s: PreviewState, el: El): HTMLElement[] {
  if (s.state === 'loading') return [el('p', 'Reading the transaction and simulating it…', 'sub')]
  if (s.state === 'failed') {
    const p = el('p', `Could not read the transaction: ${s.message}`, 'error')
    p.dataset.testid = 'preview-failed'
    return [p]
  }
  const nodes: HTMLElement[] = []
  for (const section of s.preview.sections) {
    const card = el('section')
    card.dataset.testid = 'approval-section'
    const list = el('dl')
    for (const row of section.rows) {
      const line = el('div')
      line.append(el('dt', row.label), el('dd', row.amount ? formatAmount(row.amount) : (row.value ?? '')))
      list.append(line)
    }
    card.append(el('h2', section.title), list)
    if (section.warning) {
      const w = el('p', section.warning, 'warning')
      w.dataset.testid = 'approval-warning'
      card.append(w)
    }
    nodes.push(card)
  }
  const gas = s.preview.gas
  if (gas) {
    // said before the balance changes: who pays is part of what the visitor agrees to
    const p = 'sponsor' in gas ? el('p', `Gas paid by ${gas.sponsor}`, 'sponsor') : el('p', gas.note, 'warning')
    p.dataset.testid = 'sponsor' in gas ? 'gas-sponsor' : 'gas-sponsor-note'
    nodes.push(p)
  }
  const sim = s.preview.simulation
  const box = el('section', undefined, 'simulation')
  box.dataset.testid = 'approval-simulation'
  box.append(el('h2', 'Balance changes (simulated)'))
  if (!sim.ok) {
    const p = el('p', sim.reason, 'warning')
    p.dataset.testid = 'simulation-unavailable'
    box.append(p)
  } else {
    const list = el('dl')
    for (const change of sim.changes) {
      const line = el('div')
      line.dataset.testid = 'simulation-change'
      line.append(el('dt', change.amount.value.startsWith('-') ? 'You send' : 'You receive'))
      line.append(el('dd', formatAmount(change.amount, true)))
      list.append(line)
    }
    box.append(sim.changes.length ? list : el('p', 'No balance changes.', 'sub'))
    if (sim.note) box.append(el('p', sim.note, 'sub'))
  }
  nodes.push(box)
  return nodes
}
