// The auth contract's error type and email rule (issue 34 item 3): AuthError names its code and reports each under
// its category; a code the wallet chose is kept as it is and reported as WALLET, whatever its name.
import { describe, expect, it, vi } from 'vitest'
import { AuthError, AuthErrorCategories, EmailWarnings, FoyerError, serializeError, validateEmail } from '../index.js'

describe('AuthError', () => {
  it('is a FoyerError carrying its code, its category and the message as given', () => {
    for (const [code, category] of Object.entries(AuthErrorCategories)) {
      const e = new AuthError(code as keyof typeof AuthErrorCategories, `text of ${code}`)
      expect(e).toBeInstanceOf(FoyerError)
      expect(serializeError(e)).toEqual({ name: 'AuthError', message: `text of ${code}`, code, category })
    }
  })

  it("keeps the wallet's own code; an inherited property name is no category", () => {
    for (const code of ['wrong_code', 'constructor', 'toString', '__proto__', 4200, -32005])
      expect(new AuthError(code, 'x')).toMatchObject({ code, category: 'WALLET' })
  })
})

describe('the login email (SPEC §5)', () => {
  it('is trimmed when valid; APKTW001 / APKTW002 AuthErrors otherwise, each warned once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(validateEmail('  ada@example.com ')).toBe('ada@example.com')
    const thrown = (raw: unknown) => {
      try {
        validateEmail(raw)
      } catch (e) {
        return e
      }
    }
    expect(thrown('ada@')).toBeInstanceOf(AuthError)
    expect(thrown('ada@')).toMatchObject({
      code: 'APKTW001',
      message: EmailWarnings.APKTW001,
      category: 'CONFIGURATION',
    })
    expect(thrown(`${'a'.repeat(60)}@${'b'.repeat(200)}.io`)).toMatchObject({ code: 'APKTW002' })
    expect(thrown(undefined)).toMatchObject({ code: 'APKTW001' })
    expect(warn).toHaveBeenCalledTimes(4)
    warn.mockRestore()
  })
})
