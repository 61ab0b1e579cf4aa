// Sign in with X (SPEC §3, §4) as the kernel knows it: the host's `siwx` config contract (AppKit's shape), the
// legacy EVM-only `siweConfig`, and the requests wallets that sign in while connecting use. Types only: the flow is
// the siwx plugin's; the close rule's facts (`siwx/requirementChanged`, `siwx/sessionsChanged`) are in account.ts.
import type { SIWXMessageData } from '../../protocol/siwx/message.js'

export type { SIWXMessageData }

/** A message to sign: its fields and its text (`toString()`). */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** A signed sign-in (SPEC §3: data, message and signature); ready-made configs may add their own fields. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  /** The server-backed config's session token (a JWT a host backend can verify against the server's JWKS). */
  token?: string
}

/** What the host passes as `siwx` (SPEC §3 project options). */
export interface SIWXConfig {
  /** Builds the message for the account on the chain (nonce, domain, uri, times). */
  createMessage(input: { chainId: string; accountAddress: string; notBefore?: string }): Promise<SIWXMessage>
  /** Verifies and keeps a signed sign-in; throws when it is refused. */
  addSession(session: SIWXSession): Promise<void>
  revokeSession(chainId: string, address: string): Promise<void>
  /** Replaces the sessions (one-click sign-in hands over several at once). */
  setSessions(sessions: SIWXSession[]): Promise<void>
  getSessions(chainId: string, address: string): Promise<SIWXSession[]>
  /** When true the visitor must sign in: cancelling disconnects and the sign view cannot be closed. */
  getRequired?(): boolean
  signOutOnDisconnect?: boolean
}

/** The legacy EVM-only config (AppKit's `createSIWEConfig`), mapped onto {@link SIWXConfig}. */
export interface SIWEConfig {
  getMessageParams?(): Promise<SIWEMessageFields & { chains?: number[] }>
  createMessage(args: SIWECreateMessageArgs): string
  getNonce(address?: string): Promise<string>
  getSession(): Promise<{ address: string; chainId: number } | null | undefined>
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>
  signOut(): Promise<boolean>
  onSignIn?(session?: { address: string; chainId: number }): void
  onSignOut?(): void
  signOutOnDisconnect?: boolean
  required?: boolean
}

/** The message fields a legacy SIWE config names (AppKit's `SIWEMessageArgs` spelling). */
export interface SIWEMessageFields {
  domain: string
  uri: string
  statement?: string
  iat?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

/** What `SIWEConfig.createMessage` receives. */
export interface SIWECreateMessageArgs extends SIWEMessageFields {
  address: string
  chainId: number
  version: string
  nonce: string
}

declare module '../types.js' {
  interface RequestMap {
    /**
     * Provided by the siwx plugin: the fields a wallet that signs in while connecting (Wallet Standard `solana:signIn`,
     * WalletConnect one-click auth) must sign for `chainId`; `accountAddress` is empty (the wallet fills it in).
     */
    'siwx/signInFields': { input: { chainId: string }; output: SIWXMessageData }
    /** Provided by the siwx plugin: verifies and keeps sign-ins a wallet made while connecting. */
    'siwx/acceptSessions': { input: { sessions: Array<Pick<SIWXSession, 'message' | 'signature'>> }; output: void }
  }
}
