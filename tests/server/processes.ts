// Server processes for the multi-process tests: `npm run server` (server/main.ts) as a child with its own
// environment, its output collected, its printed URLs parsed, stopped with any signal.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/esm/index.mjs', import.meta.url))

/** One running server process. */
export interface ServerProcess {
  child: ChildProcess
  output(): string
  /** The URL printed on the line starting with `label` (e.g. "API", "relay"). */
  url(label: string): string
  /** Resolves when a line matching `pattern` has been printed (rejects if the process exits first or after 60 s). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>
  exited: Promise<number | null>
  kill(signal: NodeJS.Signals): Promise<number | null>
}

/** Another program than `node --import tsx server/main.ts` (e.g. an installed `foyer-server` bin), and its folder. */
export interface ServerCommand {
  argv: string[]
  cwd?: string
  /** How long to wait for `ready` (default 60 s; a fresh PGlite directory's initdb can take longer on a busy machine). */
  readyWithinMs?: number
}

/** Starts server/main.ts with `env` over a clean environment (no inherited FOYER_*, DATABASE_URL or REDIS_URL). */
export async function startServerProcess(
  env: Record<string, string>,
  ready = /^API http/m,
  command: ServerCommand = { argv: [process.execPath, '--import', TSX, MAIN] },
): Promise<ServerProcess> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('FOYER_') && k !== 'DATABASE_URL' && k !== 'REDIS_URL'),
  )
  const child = spawn(command.argv[0], command.argv.slice(1), {
    cwd: command.cwd,
    env: { ...base, FOYER_PORT: '0', FOYER_RELAY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const proc: ServerProcess = {
    child,
    output: () => out,
    url(label) {
      const m = new RegExp(`^${label} (\\S+)`, 'm').exec(out)
      if (!m) throw new Error(`no "${label}" line in:\n${out}`)
      return m[1]
    },
    async waitFor(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      while (!pattern.test(out)) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`process exited before printing ${pattern}:\n${out}`)
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${out}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
  await proc.waitFor(ready, command.readyWithinMs)
  return proc
}

/** The URL of a PostgreSQL database with `schema` first on the search path (the schema must exist). */
export function withSchema(databaseUrl: string, schema: string): string {
  const u = new URL(databaseUrl)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return u.toString()
}
