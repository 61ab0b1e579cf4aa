// The legacy EVM-only `siweConfig` (AppKit's createSIWEConfig) mapped onto the SIWX contract, as AppKit maps it.
import type { SIWEConfig, SIWXConfig, SIWXSession } from '../../kernel/index.js'
import { parseSiwxMessage } from '../../protocol/siwx/message.js'

const reference = (chainId: string) => Number(chainId.split(':')[1])

/** A SIWX config that drives `siwe`: its nonce, message text, verification, session and sign-out. */
export function siwxFromSiwe(siwe: SIWEConfig): SIWXConfig {
  return {
    async createMessage({ chainId, accountAddress, notBefore }) {
      const params = (await siwe.getMessageParams?.()) ?? {
        domain: location.host,
        uri: location.origin,
      }
      const nonce = await siwe.getNonce(accountAddress)
      const args = {
        address: accountAddress,
        chainId: reference(chainId),
        domain: params.domain,
        uri: params.uri,
        version: '1',
        nonce,
        iat: params.iat ?? new Date().toISOString(),
        ...(params.statement ? { statement: params.statement } : {}),
        ...(params.exp ? { exp: params.exp } : {}),
        ...((notBefore ?? params.nbf) ? { nbf: notBefore ?? params.nbf } : {}),
        ...(params.requestId ? { requestId: params.requestId } : {}),
        ...(params.resources ? { resources: params.resources } : {}),
      }
      const text = siwe.createMessage(args)
      // The host wrote the text; its fields are read back from it so the session holds what was signed.
      let data
      try {
        data = parseSiwxMessage(text)
      } catch {
        data = { accountAddress, chainId, domain: args.domain, uri: args.uri, version: '1', nonce, issuedAt: args.iat }
      }
      return { ...data, toString: () => text }
    },
    async addSession(session: SIWXSession) {
      if (!(await siwe.verifyMessage({ message: session.message, signature: session.signature })))
        throw new Error('The sign-in message could not be verified')
      siwe.onSignIn?.((await siwe.getSession()) ?? undefined)
    },
    async getSessions(chainId, address) {
      const s = await siwe.getSession()
      if (!s || s.address.toLowerCase() !== address.toLowerCase() || `eip155:${s.chainId}` !== chainId) return []
      // SIWE keeps no message: a session stands for itself.
      return [
        {
          data: { accountAddress: s.address, chainId, domain: '', uri: '', version: '1', nonce: '' },
          message: '',
          signature: '',
        },
      ]
    },
    async revokeSession() {
      if (await siwe.signOut()) siwe.onSignOut?.()
    },
    async setSessions(sessions) {
      if (sessions.length === 0) await this.revokeSession('', '')
      for (const s of sessions) await this.addSession(s)
    },
    getRequired: () => siwe.required ?? false,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
  }
}
