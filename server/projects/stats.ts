// What the operator's dashboard shows, from the analytics the server received (SPEC §7 POST /e), and the bound that
// keeps those tables from growing without end.
import type { SqlRunner } from '../store/store.js'

/** Connections of one day, namespace and wallet. */
export interface ConnectionCount {
  day: string
  namespace: string
  wallet: string
  count: number
}

/** Error reports of one category (SPEC §7 errorType). */
export interface ErrorCount {
  category: string
  count: number
}

/** The dashboard's figures for one project over the last `days` days (UTC days). */
export interface ProjectStats {
  days: number
  connections: ConnectionCount[]
  errors: ErrorCount[]
}

/** Connections per day by namespace and wallet (CONNECT_SUCCESS events) and error reports by category. */
export async function projectStats(db: SqlRunner, projectId: string, days: number): Promise<ProjectStats> {
  const since = `${days} days`
  const connections = await db.query<ConnectionCount>(
    `SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            coalesce(properties->>'namespace', 'unknown') AS namespace,
            coalesce(properties->>'name', 'unknown') AS wallet,
            count(*)::int AS count
     FROM analytics_events
     WHERE project_id = $1 AND event = 'CONNECT_SUCCESS' AND received_at >= now() - $2::interval
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [projectId, since],
  )
  const errors = await db.query<ErrorCount>(
    `SELECT error_type AS category, count(*)::int AS count FROM error_reports
     WHERE project_id = $1 AND received_at >= now() - $2::interval
     GROUP BY 1 ORDER BY 2 DESC, 1`,
    [projectId, since],
  )
  return { days, connections: connections.rows, errors: errors.rows }
}

/** How much analytics the server keeps. */
export interface AnalyticsBound {
  /** Rows older than this are deleted. */
  retentionDays: number
  /** At most this many rows per table (events, error reports); the oldest go first. */
  maxRows: number
  /** At most this many stored bytes per table (the rows' `bytes`); the oldest go first. Absent: no byte bound. */
  maxBytes?: number
}

/** Deletes analytics events and error reports beyond the bound; resolves the number of rows deleted. */
export async function pruneAnalytics(db: SqlRunner, bound: AnalyticsBound): Promise<number> {
  let deleted = 0
  for (const table of ['analytics_events', 'error_reports']) {
    const old = await db.query(`DELETE FROM ${table} WHERE received_at < now() - $1::interval RETURNING id`, [
      `${bound.retentionDays} days`,
    ])
    // Ids grow with arrival, so everything at or below the (maxRows+1)-th newest id is the overflow.
    const over = await db.query(
      `DELETE FROM ${table} WHERE id <= (SELECT id FROM ${table} ORDER BY id DESC OFFSET $1 LIMIT 1) RETURNING id`,
      [bound.maxRows],
    )
    deleted += old.rows.length + over.rows.length
    if (bound.maxBytes !== undefined) {
      // Newest first, the row where the running total passes the bound is the newest to go (and all before it).
      const heavy = await db.query(
        `DELETE FROM ${table} WHERE id <= (
           SELECT id FROM (SELECT id, sum(bytes) OVER (ORDER BY id DESC) AS kept FROM ${table}) w
            WHERE kept > $1 ORDER BY id DESC LIMIT 1) RETURNING id`,
        [bound.maxBytes],
      )
      deleted += heavy.rows.length
    }
  }
  return deleted
}
