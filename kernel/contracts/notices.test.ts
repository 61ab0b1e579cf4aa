// Snackbar (SPEC §4: a new message hides the old, then shows after 150 ms; auto-hide) and the alert bar.
import { afterEach, describe, expect, it } from 'vitest'
import { Alerts } from '../alerts.js'
import { SnackbarDurationMs, SnackbarSwapMs } from '../index.js'
import { createTestKernel, flush, type TestKernel } from '../testing/test-kernel.js'

let k: TestKernel
afterEach(() => k.dispose())

describe('snackbar', () => {
  it('shows at once when none is open, and hides itself after its duration', async () => {
    k = createTestKernel()
    await k.request('snackbar/show', { variant: 'success', message: 'Copied' })
    expect(k.getState().snackbar).toMatchObject({ open: true, variant: 'success', message: 'Copied' })
    k.clock.advance(SnackbarDurationMs - 1)
    expect(k.getState().snackbar.open).toBe(true)
    k.clock.advance(1)
    expect(k.getState().snackbar.open).toBe(false)
  })

  it('a success note does not follow into the next view; an error does', async () => {
    k = createTestKernel()
    await k.request('modal/open', undefined)
    await k.request('snackbar/show', { variant: 'success', message: 'Address copied' })
    await k.request('router/push', { view: 'Networks' })
    expect(k.getState().snackbar.open).toBe(false)
    await k.request('snackbar/show', { variant: 'error', message: 'Failed' })
    await k.request('router/back')
    expect(k.getState().snackbar).toMatchObject({ open: true, message: 'Failed' })
  })

  it('a loading snackbar stays until hidden', async () => {
    k = createTestKernel()
    await k.request('snackbar/show', { variant: 'loading', message: 'Waiting' })
    k.clock.advance(60_000)
    expect(k.getState().snackbar.open).toBe(true)
    await k.request('snackbar/hide')
    expect(k.getState().snackbar.open).toBe(false)
  })

  it('a new message while one is open hides the old, then shows the new after 150 ms', async () => {
    k = createTestKernel()
    await k.request('snackbar/show', { variant: 'loading', message: 'old' })
    k.clock.advance(10)
    await k.request('snackbar/show', { variant: 'error', message: 'new' })
    expect(k.getState().snackbar).toMatchObject({ open: false, message: 'old' })
    k.clock.advance(SnackbarSwapMs - 1)
    expect(k.getState().snackbar.open).toBe(false)
    k.clock.advance(1)
    expect(k.getState().snackbar).toMatchObject({ open: true, variant: 'error', message: 'new' })
    // and the new one auto-hides after its own duration
    k.clock.advance(SnackbarDurationMs)
    expect(k.getState().snackbar.open).toBe(false)
  })

  it("the old message's auto-hide timer cannot hide the new one", async () => {
    k = createTestKernel()
    await k.request('snackbar/show', { variant: 'success', message: 'first' })
    k.clock.advance(SnackbarDurationMs - 100)
    await k.request('snackbar/show', { variant: 'success', message: 'second' })
    k.clock.advance(SnackbarSwapMs)
    expect(k.getState().snackbar).toMatchObject({ open: true, message: 'second' })
    k.clock.advance(200) // past the first message's original deadline
    expect(k.getState().snackbar).toMatchObject({ open: true, message: 'second' })
    await flush()
  })
})

describe('alert', () => {
  it('shows a catalogue alert with its code, or a free message, and dismisses', async () => {
    k = createTestKernel()
    await k.request('alert/show', { alert: 'projectIdMissing' })
    expect(k.getState().alert).toEqual({
      open: true,
      variant: 'error',
      message: Alerts.projectIdMissing.longMessage,
      code: 'APKT008',
    })
    await k.request('alert/show', { message: 'Multi-wallet off', variant: 'info' })
    expect(k.getState().alert).toEqual({ open: true, variant: 'info', message: 'Multi-wallet off' })
    await k.request('alert/dismiss')
    expect(k.getState().alert.open).toBe(false)
  })

  it('pairs APKT001–APKT010 in code order', () => {
    const coded = [
      'networkNotFound',
      'invalidAppConfiguration',
      'walletLoadFailed',
      'walletRequestTimeout',
      'unverifiedDomain',
      'sessionExpired',
      'invalidProjectId',
      'projectIdMissing',
      'serverError',
      'rateLimited',
    ] as const
    expect(coded.map((key) => Alerts[key].code)).toEqual(coded.map((_, i) => `APKT${String(i + 1).padStart(3, '0')}`))
  })
})
