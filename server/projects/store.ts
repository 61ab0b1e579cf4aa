// Projects the operator manages (admin API, `npm run project`): name, allowed origins and remote feature overrides,
// stored in the database so every API process sees the same settings at once.
import { randomBytes } from 'node:crypto'
import type { FeatureOverrides } from '../config.js'
import type { SqlRunner } from '../store/store.js'

/** A stored project. */
export interface StoredProject {
  id: string
  name: string
  allowedOrigins: string[]
  features: FeatureOverrides
  createdAt: string
  updatedAt: string
}

/** What creating a project takes; the id is generated when absent. */
export interface NewProject {
  id?: string
  name: string
  allowedOrigins?: string[]
  features?: FeatureOverrides
}

/** A change: fields present are replaced, except `features`, which merges per feature (null removes one). */
export interface ProjectPatch {
  name?: string
  allowedOrigins?: string[]
  features?: Record<string, FeatureOverrides[keyof FeatureOverrides] | null>
}

type Row = {
  id: string
  name: string
  allowed_origins: string[]
  features: FeatureOverrides
  created_at: Date | string
  updated_at: Date | string
}

const COLUMNS = 'id, name, allowed_origins, features, created_at, updated_at'

const toProject = (r: Row): StoredProject => ({
  id: r.id,
  name: r.name,
  allowedOrigins: r.allowed_origins,
  features: r.features,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
})

/** A fresh project id: 32 hex digits, the format clients and the relay expect. */
export function newProjectId(): string {
  return randomBytes(16).toString('hex')
}

/** Creates a project; resolves undefined when the id is taken. */
export async function createProject(db: SqlRunner, p: NewProject): Promise<StoredProject | undefined> {
  const { rows } = await db.query<Row>(
    `INSERT INTO projects (id, name, allowed_origins, features) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
    [p.id ?? newProjectId(), p.name, p.allowedOrigins ?? [], JSON.stringify(p.features ?? {})],
  )
  return rows[0] && toProject(rows[0])
}

/** The project with `id` (lower case), if stored. */
export async function getProject(db: SqlRunner, id: string): Promise<StoredProject | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM projects WHERE id = $1`, [id])
  return rows[0] && toProject(rows[0])
}

/** Every stored project, oldest first. */
export async function listProjects(db: SqlRunner): Promise<StoredProject[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM projects ORDER BY created_at, id`)
  return rows.map(toProject)
}

/** Applies `patch`; resolves undefined when no such project exists. */
export async function updateProject(
  db: SqlRunner,
  id: string,
  patch: ProjectPatch,
): Promise<StoredProject | undefined> {
  const current = await getProject(db, id)
  if (!current) return undefined
  const features: Record<string, unknown> = { ...current.features }
  for (const [key, value] of Object.entries(patch.features ?? {}))
    if (value === null) delete features[key]
    else features[key] = { ...(features[key] as object | undefined), ...value }
  const { rows } = await db.query<Row>(
    `UPDATE projects SET name = $2, allowed_origins = $3, features = $4::jsonb, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, patch.name ?? current.name, patch.allowedOrigins ?? current.allowedOrigins, JSON.stringify(features)],
  )
  return rows[0] && toProject(rows[0])
}

/** Deletes a project; true when it existed. Its analytics stay (they belong to the history, not the settings). */
export async function deleteProject(db: SqlRunner, id: string): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM projects WHERE id = $1 RETURNING id`, [id])
  return rows.length > 0
}
