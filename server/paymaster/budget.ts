// The daily gas budget of a sponsored sender: wei of gas cost per project, address and UTC day, kept in the store.
// A reservation is one conditional UPSERT, so two requests racing for the last of a budget cannot both win.
import type { SqlRunner } from '../store/store.js'

/** The UTC day of `now` (ms), as YYYY-MM-DD. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10)
}

/** Wei already reserved today by `address` under `projectId`. */
export async function spentToday(db: SqlRunner, projectId: string, address: string, now: number): Promise<bigint> {
  const { rows } = await db.query<{ spent_wei: string }>(
    'SELECT spent_wei::text AS spent_wei FROM paymaster_spend WHERE project_id = $1 AND address = $2 AND day = $3',
    [projectId, address.toLowerCase(), utcDay(now)],
  )
  return rows[0] ? BigInt(rows[0].spent_wei) : 0n
}

/**
 * Adds `cost` wei to today's spend of `address` when the total stays within `budget`; answers false (and changes
 * nothing) when it would not.
 */
export async function reserve(
  db: SqlRunner,
  r: { projectId: string; address: string; cost: bigint; budget: bigint; now: number },
): Promise<boolean> {
  if (r.cost > r.budget) return false
  const { rows } = await db.query(
    `INSERT INTO paymaster_spend (project_id, address, day, spent_wei) VALUES ($1, $2, $3, $4::numeric)
     ON CONFLICT (project_id, address, day) DO UPDATE SET spent_wei = paymaster_spend.spent_wei + EXCLUDED.spent_wei
     WHERE paymaster_spend.spent_wei + EXCLUDED.spent_wei <= $5::numeric
     RETURNING spent_wei`,
    [r.projectId, r.address.toLowerCase(), utcDay(r.now), r.cost.toString(), r.budget.toString()],
  )
  return rows.length > 0
}

/** Gives back `amount` wei of a reservation (the operation cost less than its maximum, or was never sent). */
export async function release(
  db: SqlRunner,
  r: { projectId: string; address: string; amount: bigint; now: number },
): Promise<void> {
  if (r.amount <= 0n) return
  await db.query(
    `UPDATE paymaster_spend SET spent_wei = GREATEST(spent_wei - $4::numeric, 0)
     WHERE project_id = $1 AND address = $2 AND day = $3`,
    [r.projectId, r.address.toLowerCase(), utcDay(r.now), r.amount.toString()],
  )
}
