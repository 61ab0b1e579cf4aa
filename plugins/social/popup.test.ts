// The popup's side of a social login on a fake window and clock: the start URL, the result accepted only from the
// secure site's origin AND the popup we opened, "Popup closed" on the next 1 s poll after the visitor closed it.
import { describe, expect, it, vi } from 'vitest'
import { createFakeClock, FoyerError } from '../../kernel/index.js'
import { SocialResultType, waitForPopupResult } from './popup.js'
import { openPopup, PopupFeatures } from './flow.js'

const SITE = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const RESULT = `${SITE}/social/callback?state=s1&code=c1`

function setup() {
  const listeners = new Set<(e: MessageEvent) => void>()
  const win = {
    addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.delete(fn),
  } as unknown as Window
  const popup = { closed: false } as { closed: boolean } & Window
  const clock = createFakeClock()
  const logs: string[] = []
  const deliver = (data: unknown, origin = SITE, source: unknown = popup) => {
    for (const fn of [...listeners]) fn({ data, origin, source } as MessageEvent)
  }
  const settled = { value: undefined as string | undefined, error: undefined as unknown }
  const done = waitForPopupResult({ win, popup, siteOrigin: SITE, clock, log: (m) => logs.push(m) }).then(
    (v) => (settled.value = v),
    (e) => (settled.error = e),
  )
  return { popup, clock, logs, deliver, settled, done, listeners }
}

describe('social popup', () => {
  it('opens 600×800 and answers null when the browser blocks it', () => {
    const open = vi.fn(() => null)
    expect(openPopup({ open } as unknown as Window)).toBeNull()
    expect(open).toHaveBeenCalledWith('', 'foyer-social', PopupFeatures)
    expect(PopupFeatures).toContain('width=600,height=800')
    const thrower = {
      open: () => {
        throw new Error('blocked')
      },
    } as unknown as Window
    expect(openPopup(thrower)).toBeNull()
  })

  it('takes the result only from the secure site origin and from the popup it opened', async () => {
    const t = setup()
    t.deliver({ type: SocialResultType, resultUri: RESULT }, HOST) // another origin
    t.deliver({ type: SocialResultType, resultUri: RESULT }, SITE, {}) // the right origin, another window
    t.deliver({ type: SocialResultType, resultUri: 'https://evil.example/social/callback?state=s1' }) // not the site's
    t.deliver('noise')
    await Promise.resolve()
    expect(t.settled).toEqual({ value: undefined, error: undefined })
    expect(t.logs).toEqual([
      `dropped a social-login message from ${HOST}`,
      `dropped a social-login message from ${SITE}`,
      'dropped a malformed social-login message',
      'dropped a malformed social-login message',
    ])
    t.deliver({ type: SocialResultType, resultUri: RESULT })
    await t.done
    expect(t.settled.value).toBe(RESULT)
    expect(t.listeners.size).toBe(0)
    expect(t.clock.pending()).toBe(0)
  })

  it('rejects "Popup closed" on the first poll after the visitor closed it, not before', async () => {
    const t = setup()
    t.clock.advance(3000)
    await Promise.resolve()
    expect(t.settled.error).toBeUndefined()
    t.popup.closed = true
    t.clock.advance(999)
    await Promise.resolve()
    expect(t.settled.error).toBeUndefined()
    t.clock.advance(1)
    await t.done
    expect(t.settled.error).toBeInstanceOf(FoyerError)
    expect((t.settled.error as FoyerError).message).toBe('Popup closed')
    expect(t.listeners.size).toBe(0)
  })
})
