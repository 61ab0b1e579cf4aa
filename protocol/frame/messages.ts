// The embedded-wallet frame protocol (SPEC §7), shared by the page side (this plugin) and the frame the secure site
// serves. Every message is a plain object `{ type, id, payload }`; requests go page → frame as `@foyer-app/<KIND>`,
// answers come back frame → page as `@foyer-frame/<KIND>_SUCCESS` or `_ERROR` with the request's id. Both parsers
// check the shape of everything they accept and return undefined for anything else: the caller drops and logs it.

/** Request kinds the page sends to the frame. */
export const AppRequestKinds = [
  'CONNECT_EMAIL',
  'CONNECT_OTP',
  'GET_SOCIAL_URI',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'SIGN_OUT',
  'SWITCH_NETWORK',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_CONFIRM',
  'SET_ACCOUNT_TYPE',
  'SYNC_THEME',
  'CANCEL_APPROVALS',
  'CONNECT_PASSKEY',
  'ADD_PASSKEY',
  'LIST_PASSKEYS',
  'REMOVE_PASSKEY',
  'CANCEL_PASSKEY',
] as const

/** One request kind. */
export type AppRequestKind = (typeof AppRequestKinds)[number]

/** Account types of the embedded wallet (SPEC §3). */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/**
 * SPEC §7 auth connect `siwxMessage`: the host's sign-in message fields without the account (the login decides it);
 * `chainId` is the login's network. The wallet answers the login with the message signed (SPEC §3).
 */
export interface LoginSiwxMessage {
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  issuedAt?: string
  statement?: string
  resources?: string[]
  requestId?: string
  expirationTime?: string
  notBefore?: string
  scheme?: string
}

/** What every login request may carry besides its own fields. */
export interface LoginTarget {
  caipNetworkId?: string
  accountType?: EmbeddedAccountType
  siwxMessage?: LoginSiwxMessage
}

/** The payload of each request kind. */
export interface AppRequestPayloads {
  CONNECT_EMAIL: { email: string }
  CONNECT_OTP: { otp: string } & LoginTarget
  /** Starts a social login bound to this frame session: the secure-site URL the popup or the page goes to. */
  GET_SOCIAL_URI: { provider: string; mode: 'popup' | 'redirect'; returnUrl?: string }
  /** `uri`: the result URI the social popup or the redirect brought back. */
  CONNECT_SOCIAL: { provider: string; uri?: string } & LoginTarget
  /** Opens a Farcaster sign-in channel; its URL is for the Farcaster app (QR code). */
  GET_FARCASTER_URI: Record<string, never>
  /** Waits for the Farcaster app to answer the channel, then logs in. */
  CONNECT_FARCASTER: LoginTarget
  GET_USER: { caipNetworkId?: string; accountType?: EmbeddedAccountType }
  SIGN_OUT: Record<string, never>
  SWITCH_NETWORK: { caipNetworkId: string }
  RPC_REQUEST: { namespace: string; caipNetworkId: string; method: string; params: unknown }
  UPDATE_EMAIL: { email: string }
  UPDATE_EMAIL_CONFIRM: { currentOtp: string; newOtp: string }
  SET_ACCOUNT_TYPE: { caipNetworkId: string; accountType: EmbeddedAccountType }
  SYNC_THEME: { themeMode: 'dark' | 'light'; themeVariables: Record<string, string> }
  /** The page gave up on the requests waiting for approval (the modal closed): the frame rejects them with 4001. */
  CANCEL_APPROVALS: Record<string, never>
  /** Shows the frame's passkey panel; the visitor logs in, or creates a wallet, with a passkey there (issue 36). */
  CONNECT_PASSKEY: LoginTarget
  /** Shows the frame's panel that adds a passkey to the signed-in wallet. */
  ADD_PASSKEY: Record<string, never>
  LIST_PASSKEYS: Record<string, never>
  REMOVE_PASSKEY: { id: string }
  /** The page left the passkey view: the frame hides its panel and rejects what waited on it with 4001. */
  CANCEL_PASSKEY: Record<string, never>
}

/** A passkey of the signed-in wallet (no key material). */
export interface PasskeyInfo {
  id: string
  createdAt: string
  lastUsedAt?: string
}

/** An account of the signed-in user on one namespace. */
export interface EmbeddedAccount {
  namespace: string
  address: string
  type: EmbeddedAccountType
}

/** Who is signed in and where (SPEC §3 "Embedded-wallet login result"). */
export interface EmbeddedUser {
  email?: string
  username?: string
  /** The social provider (or `farcaster`) of a social login. */
  socialProvider?: string
  /** The network the answer is for, and the address of the preferred account type there. */
  caipNetworkId: string
  address: string
  accountType: EmbeddedAccountType
  smartAccountDeployed: boolean
  /** Every account of the user (EVM eoa and smart account, Solana eoa). */
  accounts: EmbeddedAccount[]
  /** Networks (CAIP-2) where smart accounts run. */
  smartAccountEnabledNetworks: string[]
}

/** A login's answer: the user, and the sign-in message signed when the login carried one (and the account could). */
export interface EmbeddedLogin extends EmbeddedUser {
  siwx?: { message: string; signature: string }
}

/** What the frame answers to each request kind. */
export interface FrameResults {
  CONNECT_EMAIL: { action: 'VERIFY_OTP'; resendAfterSeconds: number }
  CONNECT_OTP: EmbeddedLogin
  GET_SOCIAL_URI: { url: string }
  CONNECT_SOCIAL: EmbeddedLogin
  GET_FARCASTER_URI: { url: string }
  CONNECT_FARCASTER: EmbeddedLogin
  GET_USER: EmbeddedUser
  SIGN_OUT: Record<string, never>
  SWITCH_NETWORK: EmbeddedUser
  RPC_REQUEST: { result: unknown }
  UPDATE_EMAIL: { action: 'VERIFY_BOTH_OTPS'; resendAfterSeconds: number }
  UPDATE_EMAIL_CONFIRM: { email: string }
  SET_ACCOUNT_TYPE: EmbeddedUser
  SYNC_THEME: Record<string, never>
  CANCEL_APPROVALS: Record<string, never>
  CONNECT_PASSKEY: EmbeddedLogin
  ADD_PASSKEY: { passkeys: PasskeyInfo[] }
  LIST_PASSKEYS: { passkeys: PasskeyInfo[] }
  REMOVE_PASSKEY: { passkeys: PasskeyInfo[] }
  CANCEL_PASSKEY: Record<string, never>
}

/** A request from the page to the frame. */
export type AppMessage = {
  [K in AppRequestKind]: { type: `@foyer-app/${K}`; id: string; payload: AppRequestPayloads[K] }
}[AppRequestKind]

/** An error answer: `message` is shown as is; `code` is a wallet code (4001 rejected) or the server's code. */
export interface FrameErrorPayload {
  message: string
  code?: string | number
}

/** A message from the frame to the page. */
export type FrameMessage =
  | { type: '@foyer-frame/READY'; id: string; payload: Record<string, never> }
  | { type: '@foyer-frame/UNVERIFIED_DOMAIN'; id: string; payload: { origin: string } }
  | { type: `@foyer-frame/${AppRequestKind}_SUCCESS`; id: string; payload: unknown }
  | { type: `@foyer-frame/${AppRequestKind}_ERROR`; id: string; payload: FrameErrorPayload }

const APP_PREFIX = '@foyer-app/'
const FRAME_PREFIX = '@foyer-frame/'
const MAX_ID = 64
const MAX_TEXT = 512

type Check = (v: unknown) => boolean
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
const text =
  (max = MAX_TEXT): Check =>
  (v) =>
    typeof v === 'string' && v.length > 0 && v.length <= max
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v)
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v)
const accountType = oneOf('eoa', 'smartAccount')
const caip2: Check = (v) => typeof v === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(v)
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.keys(v).every((k) => k in fields) && Object.entries(fields).every(([k, check]) => check(v[k]))
const stringMap: Check = (v) =>
  isRecord(v) && Object.keys(v).length <= 64 && Object.values(v).every((s) => typeof s === 'string' && s.length < 256)
// RPC params are checked per method by whoever runs them; here only that they are plain JSON-like data.
const plainData = (v: unknown, depth = 0): boolean => {
  if (depth > 8) return false
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v)
  if (Array.isArray(v)) return v.length <= 1000 && v.every((x) => plainData(x, depth + 1))
  return isRecord(v) && Object.keys(v).length <= 100 && Object.values(v).every((x) => plainData(x, depth + 1))
}

// The fields' formats are the wallet's to check (it formats the text); here only their shape and size.
const siwxMessage = shape({
  chainId: caip2,
  domain: text(256),
  uri: text(2048),
  version: text(8),
  nonce: text(128),
  issuedAt: optional(text(64)),
  statement: optional(text(1024)),
  resources: optional((v) => Array.isArray(v) && v.length <= 32 && v.every(text(2048))),
  requestId: optional(text(256)),
  expirationTime: optional(text(64)),
  notBefore: optional(text(64)),
  scheme: optional(text(32)),
})
const loginTarget = {
  caipNetworkId: optional(caip2),
  accountType: optional(accountType),
  siwxMessage: optional(siwxMessage),
}

const payloadChecks: { [K in AppRequestKind]: Check } = {
  CONNECT_EMAIL: shape({ email: text(254) }),
  CONNECT_OTP: shape({ otp: (v) => typeof v === 'string' && /^\d{6}$/.test(v), ...loginTarget }),
  GET_SOCIAL_URI: shape({
    provider: text(32),
    mode: oneOf('popup', 'redirect'),
    returnUrl: optional(text(2048)),
  }),
  CONNECT_SOCIAL: shape({ provider: text(32), uri: optional(text(2048)), ...loginTarget }),
  GET_FARCASTER_URI: shape({}),
  CONNECT_FARCASTER: shape(loginTarget),
  GET_USER: shape({ caipNetworkId: optional(caip2), accountType: optional(accountType) }),
  SIGN_OUT: shape({}),
  SWITCH_NETWORK: shape({ caipNetworkId: caip2 }),
  RPC_REQUEST: shape({
    namespace: oneOf('eip155', 'solana', 'bip122'),
    caipNetworkId: caip2,
    method: (v) => typeof v === 'string' && /^[a-zA-Z0-9_]{1,64}$/.test(v),
    params: (v) => v === undefined || plainData(v),
  }),
  UPDATE_EMAIL: shape({ email: text(254) }),
  UPDATE_EMAIL_CONFIRM: shape({
    currentOtp: (v) => typeof v === 'string' && /^\d{6}$/.test(v),
    newOtp: (v) => typeof v === 'string' && /^\d{6}$/.test(v),
  }),
  SET_ACCOUNT_TYPE: shape({ caipNetworkId: caip2, accountType }),
  SYNC_THEME: shape({ themeMode: oneOf('dark', 'light'), themeVariables: stringMap }),
  CANCEL_APPROVALS: shape({}),
  CONNECT_PASSKEY: shape(loginTarget),
  ADD_PASSKEY: shape({}),
  LIST_PASSKEYS: shape({}),
  REMOVE_PASSKEY: shape({ id: text(1024) }),
  CANCEL_PASSKEY: shape({}),
}

const validId: Check = (v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID

/** Parses a page → frame message; undefined when it is not a well-formed request. */
export function parseAppMessage(data: unknown): AppMessage | undefined {
  if (!isRecord(data) || !validId(data.id) || typeof data.type !== 'string') return undefined
  if (!data.type.startsWith(APP_PREFIX) || Object.keys(data).some((k) => !['type', 'id', 'payload'].includes(k)))
    return undefined
  const kind = data.type.slice(APP_PREFIX.length) as AppRequestKind
  if (!Object.hasOwn(payloadChecks, kind) || !payloadChecks[kind](data.payload)) return undefined
  return data as unknown as AppMessage
}

const userFields: Record<string, Check> = {
  email: optional(text(254)),
  username: optional(text(128)),
  socialProvider: optional(text(32)),
  caipNetworkId: caip2,
  address: text(128),
  accountType,
  smartAccountDeployed: (v) => typeof v === 'boolean',
  accounts: (v) =>
    Array.isArray(v) &&
    v.length <= 16 &&
    v.every(shape({ namespace: text(16), address: text(128), type: accountType })),
  smartAccountEnabledNetworks: (v) => Array.isArray(v) && v.length <= 64 && v.every(caip2),
}
const userCheck = shape(userFields)
const loginCheck = shape({
  ...userFields,
  siwx: optional(shape({ message: text(8192), signature: text(4096) })),
})

const passkeyList = shape({
  passkeys: (v) =>
    Array.isArray(v) &&
    v.length <= 64 &&
    v.every(shape({ id: text(1024), createdAt: text(64), lastUsedAt: optional(text(64)) })),
})

const resultChecks: { [K in AppRequestKind]: Check } = {
  CONNECT_EMAIL: shape({ action: oneOf('VERIFY_OTP'), resendAfterSeconds: (v) => Number.isInteger(v) }),
  CONNECT_OTP: loginCheck,
  GET_SOCIAL_URI: shape({ url: (v) => typeof v === 'string' && /^https?:\/\//.test(v) && v.length <= 2048 }),
  CONNECT_SOCIAL: loginCheck,
  GET_FARCASTER_URI: shape({ url: (v) => typeof v === 'string' && /^https?:\/\//.test(v) && v.length <= 2048 }),
  CONNECT_FARCASTER: loginCheck,
  GET_USER: userCheck,
  SIGN_OUT: shape({}),
  SWITCH_NETWORK: userCheck,
  RPC_REQUEST: shape({ result: (v) => v === undefined || plainData(v) }),
  UPDATE_EMAIL: shape({ action: oneOf('VERIFY_BOTH_OTPS'), resendAfterSeconds: (v) => Number.isInteger(v) }),
  UPDATE_EMAIL_CONFIRM: shape({ email: text(254) }),
  SET_ACCOUNT_TYPE: userCheck,
  SYNC_THEME: shape({}),
  CANCEL_APPROVALS: shape({}),
  CONNECT_PASSKEY: loginCheck,
  ADD_PASSKEY: passkeyList,
  LIST_PASSKEYS: passkeyList,
  REMOVE_PASSKEY: passkeyList,
  CANCEL_PASSKEY: shape({}),
}

const errorCheck = shape({
  message: (v) => typeof v === 'string' && v.length <= 2048,
  code: optional((v) => (typeof v === 'string' && v.length <= 64) || Number.isInteger(v)),
})

/** Parses a frame → page message; undefined when it is not a well-formed answer or notice. */
export function parseFrameMessage(data: unknown): FrameMessage | undefined {
  if (!isRecord(data) || !validId(data.id) || typeof data.type !== 'string') return undefined
  if (!data.type.startsWith(FRAME_PREFIX) || Object.keys(data).some((k) => !['type', 'id', 'payload'].includes(k)))
    return undefined
  const rest = data.type.slice(FRAME_PREFIX.length)
  if (rest === 'READY') return shape({})(data.payload) ? (data as FrameMessage) : undefined
  if (rest === 'UNVERIFIED_DOMAIN')
    return shape({ origin: text(256) })(data.payload) ? (data as FrameMessage) : undefined
  const match = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(rest)
  if (!match || !Object.hasOwn(resultChecks, match[1])) return undefined
  const kind = match[1] as AppRequestKind
  const ok = match[2] === 'SUCCESS' ? resultChecks[kind](data.payload) : errorCheck(data.payload)
  return ok ? (data as FrameMessage) : undefined
}

/** The type of a request kind's success answer. */
export const successType = (kind: AppRequestKind) => `${FRAME_PREFIX}${kind}_SUCCESS` as const
/** The type of a request kind's error answer. */
export const errorType = (kind: AppRequestKind) => `${FRAME_PREFIX}${kind}_ERROR` as const
/** The type of a request kind's message. */
export const requestType = (kind: AppRequestKind) => `${APP_PREFIX}${kind}` as const
/** The request kind of a page → frame message. */
export const kindOf = (message: AppMessage): AppRequestKind => message.type.slice(APP_PREFIX.length) as AppRequestKind
