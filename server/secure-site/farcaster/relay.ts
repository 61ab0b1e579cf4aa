// The Farcaster sign-in relay (the Connect relay API the Farcaster apps and auth clients speak): a client creates a
// channel and shows its URL as a QR code; the Farcaster app signs the SIWF message and posts it to the channel;
// the client polls the channel's status until it is completed. Served under /farcaster/v1/… on the secure site.
import { createHash, randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Store } from '../../store/store.js'
import { rejectNul, WalletError } from '../errors.js'

/** What the Farcaster app posts when the person approved the sign-in. */
export interface ChannelCompletion {
  message: string
  signature: string
  fid: number
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
}

/** A channel as the store holds it. */
export interface Channel {
  nonce: string
  domain: string
  siweUri: string
  hostOrigin?: string
  completion?: ChannelCompletion
  used: boolean
}

const TTL_MS = 5 * 60_000
const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const text = (v: unknown, max = 2048) => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined)

/** Channels over the store; `appUrl` is the sign-in link the Farcaster app opens (the QR code). */
export function createChannels(store: Store, appUrl: string, now: () => number) {
  const url = (token: string, c: Pick<Channel, 'nonce' | 'domain' | 'siweUri'>) => {
    const u = new URL(appUrl)
    u.searchParams.set('channelToken', token)
    u.searchParams.set('nonce', c.nonce)
    u.searchParams.set('siweUri', c.siweUri)
    u.searchParams.set('domain', c.domain)
    return u.href
  }
  return {
    url,
    /** Opens a channel; the token is returned once and stored only as a hash. */
    async create(c: { domain: string; siweUri: string; nonce?: string; hostOrigin?: string }) {
      const token = randomBytes(24).toString('base64url')
      const nonce = c.nonce ?? randomBytes(12).toString('hex')
      const t = now()
      // every new channel sweeps the expired ones: the table holds at most one lifetime of (rate-limited) channels
      await store.query('DELETE FROM wallet_farcaster_channels WHERE expires_ms <= $1', [t])
      await store.query(
        `INSERT INTO wallet_farcaster_channels (token_hash, nonce, domain, siwe_uri, host_origin, created_ms, expires_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [hash(token), nonce, c.domain, c.siweUri, c.hostOrigin ?? null, t, t + TTL_MS],
      )
      return { channelToken: token, url: url(token, { nonce, domain: c.domain, siweUri: c.siweUri }), nonce }
    },
    /** The live channel of `token`, or undefined. */
    async find(token: string | undefined): Promise<Channel | undefined> {
      if (!token || token.length > 128) return undefined
      const { rows } = await store.query<{
        nonce: string
        domain: string
        siwe_uri: string
        host_origin: string | null
        completion: ChannelCompletion | null
        used: boolean
      }>(
        'SELECT nonce, domain, siwe_uri, host_origin, completion, used FROM wallet_farcaster_channels WHERE token_hash = $1 AND expires_ms > $2',
        [hash(token), now()],
      )
      const r = rows[0]
      if (!r) return undefined
      return {
        nonce: r.nonce,
        domain: r.domain,
        siweUri: r.siwe_uri,
        ...(r.host_origin ? { hostOrigin: r.host_origin } : {}),
        ...(r.completion ? { completion: r.completion } : {}),
        used: r.used,
      }
    },
    /** Records the app's answer, once. */
    async complete(token: string, completion: ChannelCompletion): Promise<boolean> {
      const { rows } = await store.query(
        `UPDATE wallet_farcaster_channels SET completion = $2::jsonb WHERE token_hash = $1 AND completion IS NULL AND expires_ms > $3
         RETURNING token_hash`,
        [hash(token), JSON.stringify(completion), now()],
      )
      return rows.length > 0
    },
    /** Marks a completed channel as used for a login, once. */
    async use(token: string): Promise<boolean> {
      const { rows } = await store.query(
        'UPDATE wallet_farcaster_channels SET used = true WHERE token_hash = $1 AND NOT used RETURNING token_hash',
        [hash(token)],
      )
      return rows.length > 0
    },
  }
}

/** The channels API. */
export type Channels = ReturnType<typeof createChannels>

const bearer = (c: Context) => /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]

/** The relay's public routes (mounted at /farcaster); `limitStart` takes a new channel from the requester's budget. */
export function relayRoutes(channels: Channels, limitStart: (c: Context) => Promise<void>): Hono {
  const app = new Hono()
  app.use('*', bodyLimit({ maxSize: 16 * 1024 }))
  const body = async (c: Context) => {
    const b = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (!b || typeof b !== 'object' || Array.isArray(b))
      throw new WalletError(400, 'invalid_json', 'Expected a JSON object')
    rejectNul(b)
    return b
  }
  const status = (token: string, ch: Channel) => ({
    state: ch.completion ? 'completed' : 'pending',
    nonce: ch.nonce,
    url: channels.url(token, ch),
    ...ch.completion,
  })
  app.post('/v1/channel', async (c) => {
    const b = await body(c)
    const siweUri = text(b.siweUri)
    const domain = text(b.domain, 253)
    if (!siweUri || !domain) throw new WalletError(400, 'invalid_params', 'siweUri and domain are required')
    const nonce = b.nonce === undefined ? undefined : text(b.nonce, 96)
    if (b.nonce !== undefined && !/^[A-Za-z0-9]{8,96}$/.test(nonce ?? ''))
      throw new WalletError(400, 'invalid_params', 'nonce must be 8 or more letters and digits')
    await limitStart(c)
    return c.json(await channels.create({ siweUri, domain, nonce }), 201)
  })
  app.get('/v1/channel/status', async (c) => {
    const token = bearer(c)
    const ch = await channels.find(token)
    if (!ch) throw new WalletError(401, 'unknown_channel', 'Unknown or expired channel')
    return c.json(status(token!, ch), ch.completion ? 200 : 202)
  })
  app.post('/v1/channel/authenticate', async (c) => {
    const token = bearer(c)
    if (!token || !(await channels.find(token)))
      throw new WalletError(401, 'unknown_channel', 'Unknown or expired channel')
    const b = await body(c)
    const message = text(b.message, 4096)
    const signature = text(b.signature, 4096)
    const fid = typeof b.fid === 'number' && Number.isSafeInteger(b.fid) && b.fid > 0 ? b.fid : undefined
    if (!message || !signature || !fid)
      throw new WalletError(400, 'invalid_params', 'message, signature and fid are required')
    const optional = (k: string, max = 256) => (text(b[k], max) ? { [k]: b[k] as string } : {})
    const completion: ChannelCompletion = {
      message,
      signature,
      fid,
      ...optional('username', 64),
      ...optional('displayName'),
      ...optional('bio'),
      ...optional('pfpUrl', 1024),
    }
    if (!(await channels.complete(token, completion)))
      throw new WalletError(409, 'channel_completed', 'This channel was already answered')
    return c.json({ state: 'completed', ...completion }, 201)
  })
  return app
}
