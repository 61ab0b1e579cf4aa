// The page side of the secure frame (SPEC §7): one hidden iframe on the secure site's origin, requests posted to that
// exact origin and answers accepted only from that origin AND that iframe's window. Answers are correlated by id;
// malformed or foreign messages are dropped and logged, never thrown. Time-outs follow SPEC §9.
import { AuthError, UserRejectedError, type AlertKey, type Clock, type TimerHandle } from '../../kernel/index.js'
import {
  parseFrameMessage,
  requestType,
  type AppRequestKind,
  type AppRequestPayloads,
  type FrameResults,
} from '../../protocol/frame/messages.js'

/** Where the secure site is when the host did not say (`npm start`'s). */
export const DEFAULT_SECURE_SITE_URL = 'http://localhost:8790'

/** SPEC §9 time-outs of the embedded wallet. */
export const FrameTimeouts = { loadMs: 20_000, loginMs: 120_000, signOutMs: 3_000 } as const

/** SPEC §8 reasons a frame failure names. */
export type FrameFailureReason = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

/** Options of createFrameTransport. */
export interface FrameTransportOptions {
  /** The secure site's URL; its origin is the only one the transport talks to. */
  secureSiteUrl: string
  /** The page's project id: the site applies that project's gas sponsorship to what the visitor sends. */
  projectId?: string
  clock: Clock
  /** The page's window (tests pass their own). */
  window?: Window
  /** Where malformed or foreign messages are reported. */
  log?: (message: string) => void
  /** Ask the secure frame to keep its console quiet too (the host turned the auth logger off). */
  quiet?: boolean
  /** SPEC §8 alerts: iframe load failed, iframe request timeout, unverified domain. */
  onAlert?: (alert: AlertKey, reason: FrameFailureReason) => void
}

/** A request in flight. */
interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
  timer?: TimerHandle
}

/** The transport's API. */
export interface FrameTransport {
  /** Creates the frame (once) and resolves when it said READY; rejects on load failure or an unverified domain. */
  ready(): Promise<void>
  /** Sends one request and resolves with the frame's answer. `timeoutMs` 0 waits for ever (approvals). */
  request<K extends AppRequestKind>(
    kind: K,
    payload: AppRequestPayloads[K],
    opts?: { timeoutMs?: number },
  ): Promise<FrameResults[K]>
  /** The iframe, once created (the ApproveTransaction view places it). */
  element(): HTMLIFrameElement | undefined
  /** Removes the frame and fails what is in flight. */
  destroy(): void
}

/** A frame failure with its SPEC §8 reason as the code. */
export const frameFailure = (reason: FrameFailureReason, message: string) => new AuthError(reason, message)

/** Hidden until the ApproveTransaction view shows it. */
export const HIDDEN_FRAME_STYLE =
  'position:fixed;top:0;left:0;width:0;height:0;border:0;opacity:0;pointer-events:none;z-index:-1'

/** Creates the transport; nothing touches the page until ready() or request() is called. */
export function createFrameTransport(opts: FrameTransportOptions): FrameTransport {
  const win = opts.window ?? window
  const siteOrigin = new URL(opts.secureSiteUrl).origin
  const log = opts.log ?? ((m: string) => console.warn(`[foyer] ${m}`))
  const pending = new Map<string, Pending>()
  let iframe: HTMLIFrameElement | undefined
  let readyPromise: Promise<void> | undefined
  let markReady: (() => void) | undefined
  let failReady: ((e: unknown) => void) | undefined
  let seq = 0

  const onMessage = (event: MessageEvent) => {
    // Both checks: the exact origin and the exact window — another frame on the same origin is not ours.
    if (event.origin !== siteOrigin || !iframe || event.source !== iframe.contentWindow) {
      if (
        typeof event.data === 'object' &&
        event.data &&
        String((event.data as { type?: unknown }).type).startsWith('@foyer-frame/')
      )
        log(`dropped a wallet-frame message from ${event.origin || 'an unknown origin'}`)
      return
    }
    const message = parseFrameMessage(event.data)
    if (!message) return log('dropped a malformed wallet-frame message')
    if (message.type === '@foyer-frame/READY') return markReady?.()
    if (message.type === '@foyer-frame/UNVERIFIED_DOMAIN') {
      opts.onAlert?.('unverifiedDomain', 'unverified_domain')
      return failReady?.(
        frameFailure('unverified_domain', `This domain is not verified for the wallet (${message.payload.origin})`),
      )
    }
    const entry = pending.get(message.id)
    if (!entry) return log(`dropped a wallet-frame answer to an unknown request ${message.id}`)
    pending.delete(message.id)
    if (entry.timer) opts.clock.clearTimeout(entry.timer)
    if (message.type.endsWith('_SUCCESS')) return entry.resolve(message.payload)
    const err = message.payload as { message: string; code?: string | number }
    const text = err.message || 'An error occurred'
    entry.reject(err.code === 4001 ? new UserRejectedError(text) : new AuthError(err.code ?? 'FRAME_ERROR', text))
  }

  function ready(): Promise<void> {
    if (readyPromise) return readyPromise
    readyPromise = new Promise<void>((resolve, reject) => {
      const doc = win.document
      const frame = doc.createElement('iframe')
      iframe = frame
      const timer = opts.clock.setTimeout(() => {
        opts.onAlert?.('walletLoadFailed', 'iframe_load_failed')
        failReady?.(frameFailure('iframe_load_failed', 'The wallet frame failed to load'))
      }, FrameTimeouts.loadMs)
      markReady = () => {
        opts.clock.clearTimeout(timer)
        markReady = failReady = undefined
        resolve()
      }
      failReady = (e) => {
        opts.clock.clearTimeout(timer)
        markReady = failReady = undefined
        readyPromise = undefined
        frame.remove()
        iframe = undefined
        reject(e)
      }
      win.addEventListener('message', onMessage)
      frame.title = 'Foyer wallet'
      frame.dataset.testid = 'foyer-wallet-frame'
      // passkeys (issue 36): the ceremony runs in the frame, the relying party's own origin
      frame.allow = 'publickey-credentials-get; publickey-credentials-create'
      frame.style.cssText = HIDDEN_FRAME_STYLE
      const project = opts.projectId && /^[0-9a-fA-F]{32}$/.test(opts.projectId) ? `&projectId=${opts.projectId}` : ''
      frame.src = `${siteOrigin}/frame?origin=${encodeURIComponent(win.location.origin)}${project}${opts.quiet ? '&logger=off' : ''}`
      doc.body.appendChild(frame)
    })
    return readyPromise
  }

  async function request<K extends AppRequestKind>(
    kind: K,
    payload: AppRequestPayloads[K],
    { timeoutMs = kind === 'SIGN_OUT' ? FrameTimeouts.signOutMs : FrameTimeouts.loginMs } = {},
  ): Promise<FrameResults[K]> {
    await ready()
    const target = iframe?.contentWindow
    if (!target) throw frameFailure('iframe_load_failed', 'The wallet frame is gone')
    const id = `${Date.now().toString(36)}-${(++seq).toString(36)}`
    return new Promise<FrameResults[K]>((resolve, reject) => {
      const entry: Pending = { resolve: resolve as (v: unknown) => void, reject }
      if (timeoutMs > 0)
        entry.timer = opts.clock.setTimeout(() => {
          pending.delete(id)
          opts.onAlert?.('walletRequestTimeout', 'iframe_request_timeout')
          reject(frameFailure('iframe_request_timeout', 'The wallet did not answer in time'))
        }, timeoutMs)
      pending.set(id, entry)
      target.postMessage({ type: requestType(kind), id, payload }, siteOrigin)
    })
  }

  return {
    ready,
    request,
    element: () => iframe,
    destroy() {
      win.removeEventListener('message', onMessage)
      for (const [id, p] of pending) {
        pending.delete(id)
        if (p.timer) opts.clock.clearTimeout(p.timer)
        p.reject(frameFailure('iframe_load_failed', 'The wallet frame was closed'))
      }
      iframe?.remove()
      iframe = undefined
      readyPromise = undefined
    },
  }
}
