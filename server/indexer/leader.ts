// One indexer at a time across API processes sharing a PostgreSQL database: the leader holds a session advisory
// lock on a dedicated connection. When the leader dies, PostgreSQL sees its connection close and frees the lock; a
// candidate retrying every `retryMs` takes over. A leader whose connection breaks (or stops answering its
// heartbeat) stops its work at once, before anyone else can take the lock. PGlite is one process: it always leads.
import type { Store, StoreSession } from '../store/store.js'

/** Options of {@link leadWhenElected}. */
export interface LeaderOptions {
  store: Store
  /** Starts the work when elected; the returned stop() is called when leadership ends. */
  lead: () => { stop(): Promise<void> }
  /** Candidates retry, and the leader checks its connection, this often (default 1000 ms). */
  retryMs?: number
  /** Hears leadership changes and failures. */
  log?: (event: 'elected' | 'deposed' | 'election_failed', detail: Record<string, unknown>) => void
}

/** A running election. */
export interface Leadership {
  isLeader(): boolean
  /** Stops leading (the work first) or campaigning. */
  stop(): Promise<void>
}

// Per schema, so test schemas (and several installations on one database) elect separately.
const TRY_LOCK = `SELECT pg_try_advisory_lock(hashtext('foyer:indexer:' || current_schema())) AS ok`

/** Campaigns for leadership and runs `lead` while elected; resolves after the first attempt. */
export async function leadWhenElected(opts: LeaderOptions): Promise<Leadership> {
  const retryMs = opts.retryMs ?? 1000
  const log = opts.log ?? (() => {})
  if (!opts.store.session) {
    const work = opts.lead()
    return { isLeader: () => true, stop: () => work.stop() }
  }
  let stopped = false
  let session: StoreSession | undefined
  let work: { stop(): Promise<void> } | undefined
  let timer: NodeJS.Timeout | undefined

  const depose = async (reason: string): Promise<void> => {
    const running = work
    work = undefined
    const s = session
    session = undefined
    if (running) {
      log('deposed', { reason })
      await running.stop().catch(() => undefined)
    }
    await s?.close()
  }

  const attempt = async (): Promise<void> => {
    if (stopped) return
    try {
      if (!work) {
        if (!session) {
          session = await opts.store.session!()
          session.onLost((err) => void depose(`connection lost: ${err.message}`))
        }
        const { rows } = await session.query<{ ok: boolean }>(TRY_LOCK)
        if (rows[0]?.ok && !stopped) {
          work = opts.lead()
          log('elected', {})
        }
      } else {
        // A leader cut off from the database must notice before a candidate takes the lock over.
        await session!.query('SELECT 1')
      }
    } catch (err) {
      log('election_failed', { message: (err as Error).message })
      await depose(`check failed: ${(err as Error).message}`)
    }
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs)
  }

  await attempt()
  return {
    isLeader: () => work !== undefined,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await depose('stopping')
    },
  }
}
