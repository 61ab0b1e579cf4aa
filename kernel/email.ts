// Shared by the email login (plugins/auth) and email capture (plugins/siwx).
// SPEC §5: the login email must be a valid address; an invalid one is refused with warning APKTW001 (not an address)
// or APKTW002 (longer than an address can be), logged once per attempt and shown to the visitor.
import { FoyerError } from './errors.js'

/** SPEC §5 email warnings. */
export const EmailWarnings = {
  APKTW001: 'Enter a valid email address',
  APKTW002: 'This email address is too long',
} as const

// local@domain.tld: no spaces or angle brackets, a dot in the domain, a TLD of 2+ letters.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

/** The trimmed address, or a FoyerError carrying APKTW001 / APKTW002. */
export function validateEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim() : ''
  const code = email.length > 254 ? 'APKTW002' : EMAIL.test(email) ? undefined : 'APKTW001'
  if (!code) return email
  console.warn(`[foyer] ${code}: ${EmailWarnings[code]}`)
  throw new FoyerError(EmailWarnings[code], { code, category: 'CONFIGURATION' })
}
