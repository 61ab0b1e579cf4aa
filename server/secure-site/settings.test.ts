// SPEC §9 "Embedded-wallet social providers": google, github, apple, facebook, x, discord. The operator turns each on
// with FOYER_SOCIAL_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET; a provider outside the six is refused by name. The setting
// is declared in server/config/secure-site-logins.ts (`secureSite.social`).
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { secureSiteSetting, type SecureSiteSettings } from '../config/secure-site.js'

const SIX = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

describe('the secure site’s social providers (SPEC §9)', () => {
  it('takes the credentials of each of the six from the environment, and no other provider’s', () => {
    const env: NodeJS.ProcessEnv = {}
    for (const p of [...SIX, 'telegram', 'twitch']) {
      env[`FOYER_SOCIAL_${p.toUpperCase()}_CLIENT_ID`] = `${p}-id`
      env[`FOYER_SOCIAL_${p.toUpperCase()}_CLIENT_SECRET`] = `${p}-secret`
    }
    const social = loadConfig(env).secureSite.social!
    expect(Object.keys(social).sort()).toEqual([...SIX].sort())
    expect(social.x).toEqual({ clientId: 'x-id', clientSecret: 'x-secret', issuer: undefined })
  })

  it('accepts the six in a settings file and refuses another, naming the six', () => {
    const credentials = { clientId: 'id', clientSecret: 'secret' }
    const six = Object.fromEntries(SIX.map((p) => [p, credentials]))
    // A settings file's block is JSON nobody has checked yet.
    const check = (block: unknown) => secureSiteSetting.check(block as SecureSiteSettings, '')
    expect(() => check({ port: 8790, social: six })).not.toThrow()
    expect(() => check({ port: 8790, social: { telegram: credentials } })).toThrow(
      'secureSite.social.telegram must be one of google, github, apple, facebook, x, discord, got "telegram"',
    )
  })
})
