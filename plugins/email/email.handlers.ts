// The email login's requests: validate what the visitor typed (SPEC §5), then ask the embedded wallet (auth/*).
import { FoyerError, type Handler, type RequestName } from '../../kernel/index.js'
import { validateEmail } from './validate.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Sends a login code to the address typed. */
    'email/login': { input: { email: string }; output: void }
    /** Logs in with the 6-digit code. */
    'email/verify': { input: { otp: string }; output: void }
    /** Sends a new code to the same address (SPEC §9: 30 s after the last). */
    'email/resend': { input: void; output: void }
    /** Back to typing an address. */
    'email/restart': { input: void; output: void }
    /** Starts changing the wallet's address. */
    'email/update': { input: { email: string }; output: void }
    /** Confirms the change with the codes sent to the current and the new address. */
    'email/confirmUpdate': { input: { currentOtp: string; newOtp: string }; output: void }
  }
}

const code = (v: string) => {
  const otp = v.replace(/\s/g, '')
  if (!/^\d{6}$/.test(otp)) throw new FoyerError('Enter the 6-digit code from the email', { code: 'INVALID_OTP' })
  return otp
}

/** The email plugin's handlers. */
export const emailHandlers: { [R in RequestName]?: Handler<R> } = {
  'email/login': ({ email }, ctx) => ctx.request('auth/connectEmail', { email: validateEmail(email) }),
  'email/verify': ({ otp }, ctx) => ctx.request('auth/connectOtp', { otp: code(otp) }),
  async 'email/resend'(_i, ctx) {
    const auth = ctx.getState().auth
    if (!auth?.pendingEmail) throw new FoyerError('Enter your email address first', { code: 'NO_EMAIL' })
    const wait = Math.ceil(((auth.resendAt ?? 0) - ctx.clock.now()) / 1000)
    if (wait > 0) throw new FoyerError(`Wait ${wait} seconds before asking for a new code`, { code: 'RESEND_TOO_SOON' })
    await ctx.request('auth/connectEmail', { email: auth.pendingEmail })
  },
  'email/restart': (_i, ctx) => ctx.emit('auth/loginReset', {}),
  'email/update': ({ email }, ctx) => ctx.request('auth/updateEmail', { email: validateEmail(email) }),
  async 'email/confirmUpdate'({ currentOtp, newOtp }, ctx) {
    await ctx.request('auth/confirmEmailUpdate', { currentOtp: code(currentOtp), newOtp: code(newOtp) })
    await ctx.request('router/back')
    await ctx.request('snackbar/show', { variant: 'success', message: 'Email updated' })
  },
}
