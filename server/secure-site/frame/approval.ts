// The approval screen inside the secure frame: what the page asks to sign or send, with the approve and reject
// buttons. It is built from text nodes only (request data is untrusted), and only a click here runs the request.
import { base58 } from '@scure/base'
import { formatUnits, hexToBigInt, isHex } from 'viem'
import { formatDecimal } from '../../../protocol/decimal.js'
import type { FrameSettings } from '../frame-page.js'
import { previewNodes, type PreviewState } from './preview-view.js'
import type { VisibilityGate } from './visibility.js'

/** An RPC request waiting for the visitor. */
export interface PendingApproval {
  namespace: string
  caipNetworkId: string
  method: string
  params: unknown
}

type Row = [label: string, value: string]

/** One field of typed data: a value, or the fields of a struct or array under it. */
export interface Field {
  label: string
  value?: string
  children?: Field[]
}

const decoder = new TextDecoder('utf-8', { fatal: false })
const strict = new TextDecoder('utf-8', { fatal: true })
/** A personal_sign message as its text when its bytes are UTF-8 (without control characters), else the hex as given. */
export function messageText(hex: string): string {
  if (!isHex(hex) || hex.length % 2) return hex
  try {
    const text = strict.decode(hexToBytes(hex))
    // eslint-disable-next-line no-control-regex -- binary data decodes without error yet is not text
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? hex : text
  } catch {
    return hex
  }
}
function hexToBytes(hex: string): Uint8Array {
  const clean = hex.slice(2)
  const out = new Uint8Array(clean.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16)
  return out
}
const quantity = (v: unknown): bigint => (typeof v === 'string' && isHex(v) && v.length > 2 ? hexToBigInt(v) : 0n)

/** Typed data's values as fields: structs and arrays nest, everything else is its text. */
export function fieldsOf(value: unknown): Field[] {
  if (Array.isArray(value)) return value.map((v, i) => field(`#${i + 1}`, v))
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => field(k, v))
  return [field('Value', value)]
}
function field(label: string, v: unknown): Field {
  if (v !== null && typeof v === 'object') return { label, children: fieldsOf(v) }
  return { label, value: v === undefined || v === null ? '—' : String(v) }
}

/** Title, rows, an optional text block and typed-data fields describing a request. */
export function describe(
  req: PendingApproval,
  settings: FrameSettings,
): { title: string; rows: Row[]; block?: string; fields?: Field[] } {
  const network = settings.networks.find((n) => n.caipNetworkId === req.caipNetworkId)
  const networkRow: Row = ['Network', network?.name ?? req.caipNetworkId]
  // every digit (a wallet prompt cuts nothing), grouped in the visitor's locale like the modal's amounts
  const amount = (wei: bigint) =>
    `${formatDecimal(formatUnits(wei, network?.decimals ?? 18))} ${network?.symbol ?? ''}`.trim()
  const params = Array.isArray(req.params) ? req.params : []
  const first = (params[0] ?? {}) as Record<string, unknown>
  switch (req.method) {
    case 'personal_sign':
      return { title: 'Sign message', rows: [networkRow], block: messageText(String(params[0] ?? '')) }
    case 'eth_signTypedData_v4': {
      let typed: { domain?: { name?: unknown }; primaryType?: unknown; message?: unknown } = {}
      try {
        typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : (params[1] as typeof typed)
      } catch {
        // shown as unreadable below; the server refuses it anyway
      }
      return {
        title: 'Sign typed data',
        rows: [networkRow, ['App', String(typed?.domain?.name ?? '—')], ['Type', String(typed?.primaryType ?? '—')]],
        // the domain (who verifies the signature) and the message, field by field as the types nest them
        fields: [
          { label: 'Domain', children: fieldsOf(typed?.domain ?? {}) },
          { label: String(typed?.primaryType ?? 'Message'), children: fieldsOf(typed?.message ?? null) },
        ],
      }
    }
    case 'eth_sendTransaction': {
      const rows: Row[] = [['Send', amount(quantity(first.value))], ['To', String(first.to ?? '—')], networkRow]
      if (typeof first.data === 'string' && first.data !== '0x')
        rows.push(['Data', `${(first.data.length - 2) / 2} bytes`])
      return { title: 'Approve transaction', rows }
    }
    case 'wallet_sendCalls': {
      const calls = Array.isArray(first.calls) ? (first.calls as Array<Record<string, unknown>>) : []
      const total = calls.reduce((sum, c) => sum + quantity(c.value), 0n)
      return {
        title: 'Approve transactions',
        rows: [['Calls', String(calls.length)], ['Send', amount(total)], networkRow],
        block: calls.map((c) => `→ ${String(c.to)}  ${amount(quantity(c.value))}`).join('\n'),
      }
    }
    case 'solana_signMessage': {
      let text: string
      try {
        text = decoder.decode(base58.decode(String((req.params as { message?: unknown })?.message ?? '')))
      } catch {
        text = '(unreadable message)'
      }
      return { title: 'Sign message', rows: [networkRow], block: text }
    }
    case 'solana_signAndSendTransaction':
      return { title: 'Approve transaction', rows: [networkRow, ['Action', 'Sign and send']] }
    default:
      return { title: 'Approve transaction', rows: [networkRow, ['Action', 'Sign']] }
  }
}

/** Typed data as nested lists: a field's label, then its value or its own fields. */
function fieldNodes(fields: Field[], el: (tag: 'dl' | 'div' | 'dt' | 'dd', text?: string) => HTMLElement): HTMLElement {
  const list = el('dl')
  list.dataset.testid = 'typed-data'
  for (const f of fields) {
    const row = el('div')
    const value = el('dd', f.value)
    if (f.children) value.append(fieldNodes(f.children, el))
    row.append(el('dt', f.label), value)
    list.append(row)
  }
  return list
}

/** What the approval screen shows: the request, how many wait behind it, its preview (transactions) and error. */
export interface ApprovalScreen {
  req: PendingApproval
  waiting: number
  settings: FrameSettings
  /** Approve works only while this is open (clickjacking guard). */
  gate: VisibilityGate
  /** The secure site's description of a transaction; Approve waits until it is read (or failed). */
  preview?: PreviewState
  error?: string
}

/** Renders the first pending request into `root`; the buttons call back, Approve only while the gate is open. */
export function renderApproval(root: HTMLElement, s: ApprovalScreen, on: { approve(): void; reject(): void }): void {
  const { gate, preview } = s
  const d = describe(s.req, s.settings)
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string) => {
    const e = document.createElement(tag)
    if (text !== undefined) e.textContent = text
    if (cls) e.className = cls
    return e
  }
  const list = el('dl')
  // once the site has described the transaction, its cards replace the raw fields (the network stays)
  const rows = preview?.state === 'done' ? d.rows.filter(([label]) => label === 'Network') : d.rows
  for (const [label, value] of rows) {
    const row = el('div')
    row.append(el('dt', label), el('dd', value))
    list.append(row)
  }
  const reject = el('button', 'Reject', 'reject')
  reject.dataset.testid = 'reject-button'
  reject.type = 'button'
  reject.onclick = on.reject
  const approve = el('button', 'Approve', 'approve')
  approve.dataset.testid = 'approve-button'
  approve.type = 'button'
  let settled = false
  const ready = () => gate.open() && preview?.state !== 'loading'
  // Checked again at the click itself: the button's state may lag the last visibility report by a frame.
  approve.onclick = (event) => {
    if (settled || !event.isTrusted || !ready()) return
    settled = true
    approve.disabled = reject.disabled = true
    approve.textContent = 'Approving…'
    on.approve()
  }
  const hiddenNote = el('p', 'Approve works once this window is fully visible: the page covers or hides it.', 'error')
  hiddenNote.dataset.testid = 'approval-hidden'
  const buttons = el('div', undefined, 'buttons')
  buttons.append(reject, approve)
  const update = () => {
    if (settled) return
    approve.disabled = !ready()
    approve.title = approve.disabled ? 'Approve works after the wallet has been fully visible for a moment' : ''
    hiddenNote.hidden = !gate.hidden()
  }
  gate.onChange = update
  update()
  root.replaceChildren(el('h1', d.title), el('p', s.settings.hostOrigin, 'sub'), list)
  if (preview) root.append(...previewNodes(preview, el))
  if (d.block !== undefined) {
    const block = el('pre', d.block)
    block.dataset.testid = 'approval-message'
    root.append(block)
  }
  if (d.fields) root.append(fieldNodes(d.fields, el))
  if (s.error) root.append(el('p', s.error, 'error'))
  if (s.waiting > 0) root.append(el('p', `${s.waiting} more waiting`, 'queue'))
  root.append(hiddenNote, buttons)
  root.hidden = false
}
