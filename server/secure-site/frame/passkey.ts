// The frame's passkey panel (issue 36). The WebAuthn ceremony runs here, in the secure site's origin (the relying
// party), started by a click on this frame's own button: the browser then binds the credential to this origin, and
// only the visitor's gesture in the frame (with the browser's own passkey prompt) can create or use one. The page only
// lays the frame over its view and waits for the answer.
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import type { AppRequestPayloads, EmbeddedLogin, PasskeyInfo } from '../../../protocol/frame/messages.js'

type Api = <T>(path: string, body?: unknown) => Promise<T>

/** What the panel asks the visitor for; `reject` answers the waiting request with an error. */
export type PasskeyAsk = (
  | { kind: 'login'; target: AppRequestPayloads['CONNECT_PASSKEY']; done(r: EmbeddedLogin): void }
  | { kind: 'add'; done(r: { passkeys: PasskeyInfo[] }): void }
) & { reject(message: string, code?: number): void }
type Ask = PasskeyAsk

/** The panel over `root`, calling the site's API through `api`. */
export function createPasskeyPanel(root: HTMLElement, api: Api) {
  let current: Ask | undefined
  let busy = false

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>, text = '') => {
    const node = Object.assign(document.createElement(tag), props)
    if (text) node.textContent = text
    return node
  }
  const button = (testId: string, label: string, className: string, run: () => Promise<void>) => {
    const b = el('button', { type: 'button', className }, label)
    b.dataset.testid = testId
    b.addEventListener('click', () => void ceremony(run))
    return b
  }
  const error = el('p', { className: 'error' })
  error.dataset.testid = 'passkey-error'

  // A refused or cancelled prompt leaves the panel up to try again; only the page's cancel ends the request.
  async function ceremony(run: () => Promise<void>): Promise<void> {
    if (busy || !current) return
    busy = true
    error.textContent = ''
    root.querySelectorAll('button').forEach((b) => (b.disabled = true))
    try {
      await run()
    } catch (err) {
      error.textContent =
        err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED'
          ? 'The passkey prompt was closed'
          : err instanceof Error && err.message
            ? err.message
            : 'The passkey did not work'
    } finally {
      busy = false
      root.querySelectorAll('button').forEach((b) => (b.disabled = false))
    }
  }

  const login = async () => {
    const ask = current as Extract<Ask, { kind: 'login' }>
    const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/passkey/options', {
      purpose: 'login',
    })
    const response = await startAuthentication({ optionsJSON })
    finish(ask, await api<EmbeddedLogin>('/passkey/login', { response, ...ask.target }))
  }
  const create = async () => {
    const ask = current as Extract<Ask, { kind: 'login' }>
    const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>('/passkey/options', {
      purpose: 'create',
    })
    const response = await startRegistration({ optionsJSON })
    finish(ask, await api<EmbeddedLogin>('/passkey/create', { response, ...ask.target }))
  }
  const add = async () => {
    const ask = current as Extract<Ask, { kind: 'add' }>
    const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>('/passkey/options', {
      purpose: 'add',
    })
    const response = await startRegistration({ optionsJSON })
    finish(ask, await api<{ passkeys: PasskeyInfo[] }>('/passkey/add', { response }))
  }

  // The page may have asked again while the prompt was up (its view mounted twice: cancel, then a new request). The
  // visitor's passkey then answers the request now shown when it asks the same; a different panel is left alone.
  function finish(ask: Ask, result: unknown): void {
    const to = current !== ask && current?.kind === ask.kind ? current : ask
    if (current === to) close()
    ;(to.done as (r: unknown) => void)(result)
  }

  function show(ask: Ask): void {
    // a newer request replaces one still shown
    current?.reject('Replaced by a newer passkey request', 4001)
    current = ask
    error.textContent = ''
    root.replaceChildren(
      ...(ask.kind === 'login'
        ? [
            el('h1', {}, 'Passkey'),
            el('p', { className: 'sub' }, 'Log in with a passkey saved on this device, or create a new wallet.'),
            error,
            el('div', { className: 'buttons' }),
          ]
        : [
            el('h1', {}, 'Add a passkey'),
            el('p', { className: 'sub' }, 'Log in to this wallet with a passkey next time, without email.'),
            error,
            el('div', { className: 'buttons' }),
          ]),
    )
    root
      .querySelector('.buttons')!
      .append(
        ...(ask.kind === 'login'
          ? [
              button('passkey-create', 'Create a new wallet', 'reject', create),
              button('passkey-login', 'Log in with a passkey', 'approve', login),
            ]
          : [button('passkey-add', 'Add a passkey', 'approve', add)]),
      )
    root.hidden = false
  }
  function close(): void {
    current = undefined
    root.hidden = true
    root.replaceChildren()
  }

  return {
    show,
    /** The page gave up: what waits is rejected as the visitor's (4001). */
    cancel(): void {
      const ask = current
      if (!ask) return
      close()
      ask.reject('User rejected the request', 4001)
    },
  }
}
