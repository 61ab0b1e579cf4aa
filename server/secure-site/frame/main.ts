// The secure frame's script. It talks to exactly one window — its parent, on the origin the page was served for —
// and checks both the origin and the source of every message it receives; anything else, and anything malformed,
// is dropped and logged. Login and account requests go to the secure site's API; requests that sign or send wait
// for a click on this frame's own approve button.
import { methodKind } from '../../../protocol/frame/methods.js'
import {
  errorType,
  kindOf,
  parseAppMessage,
  successType,
  type AppMessage,
  type AppRequestPayloads,
  type FrameErrorPayload,
} from '../../../protocol/frame/messages.js'
import type { FrameSettings } from '../frame-page.js'
import { renderApproval, type PendingApproval } from './approval.js'
import { createPasskeyPanel, type PasskeyAsk } from './passkey.js'
import type { PreviewState } from './preview-view.js'
import { watchVisibility } from './visibility.js'
import { PREVIEW_METHODS, type ApprovalPreview } from '../preview/types.js'

const settings = JSON.parse(document.getElementById('foyer-frame-settings')?.textContent ?? '{}') as FrameSettings
const host = settings.hostOrigin
// The host page turned Foyer's auth logger off (`enableAuthLogger: false`, SPEC §9): this frame's console stays quiet.
const quiet = new URLSearchParams(location.search).get('logger') === 'off'
const warn = (message: string) => void (quiet || console.warn(message))
const parentWindow = window.parent
// The browser's own record of who embeds us must agree with the origin we were served for.
const ancestor = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0]
const embeddedByHost = parentWindow !== window && (ancestor === undefined || ancestor === host)

/** Thrown by handlers: becomes an ERROR answer. */
class FrameFailure extends Error {
  constructor(
    message: string,
    readonly code?: string | number,
  ) {
    super(message)
  }
}

const post = (message: { type: string; id: string; payload: unknown }) => parentWindow.postMessage(message, host)

async function api<T>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      'x-foyer-frame': '1',
      'x-foyer-host': host,
      ...(settings.projectId ? { 'x-foyer-project': settings.projectId } : {}),
    },
    body: JSON.stringify(body),
  })
  const data = (await res.json().catch(() => ({}))) as { message?: string; error?: string; rpcCode?: number }
  if (!res.ok) throw new FrameFailure(data.message ?? `HTTP status code ${res.status}`, data.rpcCode ?? data.error)
  return data as T
}

let pendingEmail: string | undefined
let pendingNewEmail: string | undefined
let farcasterChannel: string | undefined
const approvals: Array<{
  message: AppMessage & { type: '@foyer-app/RPC_REQUEST' }
  error?: string
  preview?: PreviewState
}> = []
const root = document.getElementById('approval') as HTMLElement
// Approve works only once the visitor has been able to see the approval (clickjacking; see visibility.ts).
const gate = watchVisibility(root)
const passkeys = createPasskeyPanel(document.getElementById('passkey') as HTMLElement, api)
// The panel settles the request when the visitor finishes the ceremony (or the page cancels it).
const ask = <T>(make: (done: (r: T) => void) => Omit<PasskeyAsk, 'reject'>): Promise<T> =>
  new Promise<T>((resolve, reject) =>
    passkeys.show({ ...make(resolve), reject: (m, code) => reject(new FrameFailure(m, code)) } as PasskeyAsk),
  )

function answer(message: AppMessage, ok: boolean, payload: unknown): void {
  const kind = kindOf(message)
  post({ type: ok ? successType(kind) : errorType(kind), id: message.id, payload })
}
const failure = (err: unknown): FrameErrorPayload => {
  const message = err instanceof Error && err.message ? err.message : 'An error occurred'
  const code = err instanceof FrameFailure ? err.code : undefined
  return code === undefined ? { message } : { message, code }
}

function showNext(): void {
  const next = approvals[0]
  if (!next) {
    root.hidden = true
    root.replaceChildren()
    return
  }
  const req = next.message.payload as PendingApproval
  if (!next.preview && PREVIEW_METHODS.includes(req.method)) {
    // what the transaction does, decoded and simulated by the site; the screen is drawn again when it arrives
    next.preview = { state: 'loading' }
    api<ApprovalPreview>('/preview', req)
      .then(
        (preview): PreviewState => ({ state: 'done', preview }),
        (err: unknown): PreviewState => ({ state: 'failed', message: failure(err).message }),
      )
      .then((settled) => {
        next.preview = settled
        if (approvals[0] === next && !busy) showNext()
      })
  }
  renderApproval(
    root,
    { req, waiting: approvals.length - 1, settings, gate, preview: next.preview, error: next.error },
    { approve: () => void decide(true), reject: () => void decide(false) },
  )
  gate.restart()
}

let busy = false
async function decide(approved: boolean): Promise<void> {
  const item = approvals[0]
  if (!item || busy) return
  if (!approved) {
    approvals.shift()
    answer(item.message, false, { message: 'User rejected the request', code: 4001 })
    return showNext()
  }
  busy = true
  try {
    const { result } = await api<{ result: unknown }>('/rpc', item.message.payload)
    answer(item.message, true, { result })
  } catch (err) {
    answer(item.message, false, failure(err))
  } finally {
    busy = false
  }
  // rejectAllApprovals may have emptied the queue meanwhile
  if (approvals[0] === item) approvals.shift()
  showNext()
}

function rejectAllApprovals(): void {
  // the one being sent right now cannot be taken back; it answers when it is done
  for (const item of approvals.splice(busy ? 1 : 0))
    answer(item.message, false, { message: 'User rejected the request', code: 4001 })
  if (!busy) showNext()
}

type Handler<K extends keyof AppRequestPayloads> = (payload: AppRequestPayloads[K]) => Promise<unknown>
const handlers: { [K in keyof AppRequestPayloads]: Handler<K> } = {
  CONNECT_EMAIL: async ({ email }) => {
    const r = await api('/email/start', { email })
    pendingEmail = email
    return r
  },
  CONNECT_OTP: async (p) => {
    if (!pendingEmail) throw new FrameFailure('Ask for a code first')
    const user = await api('/email/verify', { email: pendingEmail, ...p })
    pendingEmail = undefined
    return user
  },
  // the site binds the login to this frame session (its cookie): only this frame can redeem what comes back
  GET_SOCIAL_URI: (p) => api('/social/start', p),
  CONNECT_SOCIAL: async ({ provider, uri, ...rest }) => {
    if (!uri) throw new FrameFailure(`Sign in with ${provider} first`)
    return api('/social/connect', { resultUri: uri, ...rest })
  },
  GET_FARCASTER_URI: async () => {
    const { channelToken, url } = await api<{ channelToken: string; url: string }>('/farcaster/channel')
    farcasterChannel = channelToken
    return { url }
  },
  CONNECT_FARCASTER: async (p) => {
    const channelToken = farcasterChannel
    if (!channelToken) throw new FrameFailure('Open a Farcaster sign-in first')
    // the relay holds the channel until the Farcaster app answers; a newer channel or a sign-out ends this wait
    for (;;) {
      const r = await api<{ state?: string }>('/farcaster/connect', { channelToken, ...p })
      if (r.state !== 'pending') {
        farcasterChannel = undefined
        return r
      }
      if (farcasterChannel !== channelToken) throw new FrameFailure('This Farcaster sign-in was replaced')
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  },
  GET_USER: (p) => api('/user', p),
  SIGN_OUT: async () => {
    rejectAllApprovals()
    passkeys.cancel()
    farcasterChannel = undefined
    return api('/signout')
  },
  SWITCH_NETWORK: (p) => api('/user', p),
  SET_ACCOUNT_TYPE: (p) => api('/account-type', p),
  RPC_REQUEST: (p) => api('/rpc', p),
  UPDATE_EMAIL: async ({ email }) => {
    const r = await api('/email/update', { email })
    pendingNewEmail = email
    return r
  },
  UPDATE_EMAIL_CONFIRM: async (p) => {
    if (!pendingNewEmail) throw new FrameFailure('Enter the new address first')
    const r = await api('/email/update/confirm', { email: pendingNewEmail, ...p })
    pendingNewEmail = undefined
    return r
  },
  SYNC_THEME: async ({ themeMode, themeVariables }) => {
    document.documentElement.dataset.theme = themeMode
    // Only the modal's own variables, set through the CSSOM (a value cannot smuggle in another declaration).
    const map: Record<string, string> = { '--foyer-accent': '--accent', '--foyer-border-radius-master': '--radius' }
    for (const [name, value] of Object.entries(themeVariables))
      if (map[name]) document.documentElement.style.setProperty(map[name], value)
    return {}
  },
  CANCEL_APPROVALS: async () => {
    rejectAllApprovals()
    return {}
  },
  CONNECT_PASSKEY: (target) => ask((done) => ({ kind: 'login', target, done })),
  ADD_PASSKEY: () => ask((done) => ({ kind: 'add', done })),
  LIST_PASSKEYS: () => api('/passkey/list'),
  REMOVE_PASSKEY: (p) => api('/passkey/remove', p),
  CANCEL_PASSKEY: async () => {
    passkeys.cancel()
    return {}
  },
}

function onMessage(event: MessageEvent): void {
  // Both checks: the origin (who) and the source window (which frame or tab) must be our parent's.
  if (event.source !== parentWindow || event.origin !== host) {
    warn(`[foyer-frame] dropped a message from ${event.origin || 'an unknown origin'}`)
    return
  }
  const message = parseAppMessage(event.data)
  if (!message) {
    warn('[foyer-frame] dropped a malformed message')
    return
  }
  if (message.type === '@foyer-app/RPC_REQUEST') {
    const kind = methodKind(message.payload.method)
    if (kind === 'unknown') return answer(message, false, { message: 'RPC method not allowed', code: 4200 })
    if (kind === 'unsafe') {
      approvals.push({ message })
      // a new request behind one being approved only updates the count once that one settles
      if (!busy) showNext()
      return
    }
  }
  const handler = handlers[kindOf(message)] as Handler<keyof AppRequestPayloads>
  handler(message.payload as never).then(
    (result) => answer(message, true, result),
    (err: unknown) => answer(message, false, failure(err)),
  )
}

if (!embeddedByHost) {
  warn('[foyer-frame] not embedded by the page it was served for; staying silent')
} else if (!settings.verified) {
  post({ type: '@foyer-frame/UNVERIFIED_DOMAIN', id: 'frame', payload: { origin: host } })
} else {
  window.addEventListener('message', onMessage)
  post({ type: '@foyer-frame/READY', id: 'frame', payload: {} })
}
