// Email capture (SPEC remote feature `emailCapture`; AppKit's DataCapture in Reown Authentication): after a sign-in
// with a config that can confirm emails (the server-backed one), DataCapture asks for the visitor's email, the server
// mails a code, DataCaptureOtpConfirm confirms it; the confirmed email lands in the `siwx` slice by event and shows
// under the address on Account. Skippable unless the feature is `['required']`, as in AppKit.
import {
  activeCaipAddress,
  FoyerError,
  HttpError,
  isFeatureEnabled,
  validateEmail,
  type HandlerContext,
  type KernelState,
  type SIWXConfig,
  type SliceSpec,
} from '../../kernel/index.js'

/** What a config that confirms emails adds (the server-backed config has it). */
export interface SiwxEmailCapture {
  /** The account's confirmed email (undefined when none). */
  accountEmail(chainId: string, address: string): Promise<string | undefined>
  /** Mails a code to `email` for the account; answers the normalized address and the resend cooldown. */
  sendEmailCode(i: { chainId: string; address: string; email: string }): Promise<{
    email: string
    resendAfterSeconds: number
  }>
  /** Confirms the code; the server keeps the email for the account. */
  confirmEmail(i: { chainId: string; address: string; email: string; code: string }): Promise<{ email: string }>
}

/** The `siwx` slice: the capture in progress and the confirmed emails by account (`namespace:address`). */
export interface SiwxState {
  pendingEmail?: string
  resendAt?: number
  emails: Record<string, string>
}

declare module '../../kernel/index.js' {
  interface KernelState {
    siwx?: SiwxState
  }
  interface EventMap {
    /** A confirmation code was mailed for email capture. */
    'siwx/emailCodeSent': { email: string; resendAt: number }
    /** The account's email is confirmed (now, or found on the server for a restored session). */
    'siwx/emailConfirmed': { caipAddress: string; email: string }
  }
  interface RequestMap {
    /** DataCapture's Continue (and the code step's resend): validate, mail a code, show the code step. */
    'siwx/sendEmailCode': { input: { email: string }; output: void }
    /** DataCaptureOtpConfirm: check the code, keep the email, close. */
    'siwx/confirmEmail': { input: { code: string }; output: void }
  }
}

/** The account key of the slice's emails: EVM addresses compare case-insensitively. */
export const emailKey = (chainId: string, address: string): string => {
  const namespace = chainId.split(':')[0]
  return `${namespace}:${namespace === 'eip155' ? address.toLowerCase() : address}`
}

/** The confirmed email of the active account, if any. */
export function capturedEmail(s: KernelState): string | undefined {
  const caip = activeCaipAddress(s)
  if (!caip || !s.siwx) return undefined
  const [namespace, reference, address] = caip.split(':')
  return s.siwx.emails[emailKey(`${namespace}:${reference}`, address)]
}

/** The slice spec. */
export const siwxSlice: SliceSpec<SiwxState> = {
  init: () => ({ emails: {} }),
  on: {
    'siwx/emailCodeSent': (s, p) => {
      s.pendingEmail = p.email
      s.resendAt = p.resendAt
    },
    'siwx/emailConfirmed': (s, p) => {
      s.emails[p.caipAddress] = p.email
      s.pendingEmail = undefined
      s.resendAt = undefined
    },
  },
}

/** The config's capture, when it has one. */
export const captureOf = (config: SIWXConfig | undefined): SiwxEmailCapture | undefined =>
  typeof (config as Partial<SiwxEmailCapture> | undefined)?.sendEmailCode === 'function'
    ? (config as SIWXConfig & SiwxEmailCapture)
    : undefined

/** True when the capture is on and the visitor may not skip it (`emailCapture: ['required']`, as in AppKit). */
export const captureRequired = (s: KernelState): boolean => {
  const v = s.config.features.emailCapture
  return Array.isArray(v) && v.includes('required')
}

// The server's sentence ("Wrong code. 4 tries left.", "Too many requests. Try again after N seconds") is the message.
const readable = (e: unknown): unknown =>
  e instanceof HttpError && e.reason ? new FoyerError(e.reason, { code: e.code, category: 'SERVER', cause: e }) : e

/**
 * After a sign-in or a restored session: records the email the server already confirmed for the account (whatever
 * the feature says now: a reload restores the session before the project's config is asked for); then, on a sign-in
 * with the feature on and no email yet, shows DataCapture (true: the view is shown, the caller leaves the modal open).
 */
export async function offerCapture(
  ctx: HandlerContext,
  config: SIWXConfig,
  target: { chainId: string; address: string },
  ask: boolean,
): Promise<boolean> {
  const capture = captureOf(config)
  if (!capture) return false
  const email = await capture.accountEmail(target.chainId, target.address).catch(() => undefined)
  if (email) {
    ctx.emit('siwx/emailConfirmed', { caipAddress: emailKey(target.chainId, target.address), email })
    return false
  }
  if (!ask || !isFeatureEnabled(ctx.getState(), 'emailCapture')) return false
  // after a one-step sign-in the connection may have closed the modal already
  if (ctx.getState().modal.open) await ctx.request('router/replace', { view: 'DataCapture' })
  else await ctx.request('modal/open', { view: 'DataCapture' })
  return true
}

/** The capture's request handlers; `target` is the signed-in account, `config` the host's. */
export function captureHandlers(
  config: () => SIWXConfig | undefined,
  target: (s: KernelState) => { chainId: string; address: string } | undefined,
) {
  const need = (ctx: HandlerContext) => {
    const capture = captureOf(config())
    const t = target(ctx.getState())
    if (!capture) throw FoyerError.of('siwxNotEnabled', { category: 'CONFIGURATION' })
    if (!t) throw FoyerError.of('noActiveCaipAddress', { category: 'WALLET' })
    return { capture, t }
  }
  return {
    async 'siwx/sendEmailCode'(input: { email: string }, ctx: HandlerContext): Promise<void> {
      const email = validateEmail(input.email)
      const { capture, t } = need(ctx)
      const sent = await capture.sendEmailCode({ ...t, email }).catch((e: unknown) => Promise.reject(readable(e)))
      ctx.emit('siwx/emailCodeSent', { email: sent.email, resendAt: ctx.clock.now() + sent.resendAfterSeconds * 1000 })
      if (ctx.getState().router.history.at(-1)?.view !== 'DataCaptureOtpConfirm')
        await ctx.request('router/replace', { view: 'DataCaptureOtpConfirm' })
    },

    async 'siwx/confirmEmail'(input: { code: string }, ctx: HandlerContext): Promise<void> {
      const { capture, t } = need(ctx)
      const email = ctx.getState().siwx?.pendingEmail
      if (!email) throw new FoyerError('Ask for a code first', { code: 'NO_CODE_REQUESTED', category: 'CONFIGURATION' })
      const done = await capture
        .confirmEmail({ ...t, email, code: input.code })
        .catch((e: unknown) => Promise.reject(readable(e)))
      ctx.emit('siwx/emailConfirmed', { caipAddress: emailKey(t.chainId, t.address), email: done.email })
      await ctx.request('modal/close')
    },
  }
}
