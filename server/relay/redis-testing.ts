// Tests' Redis: $REDIS_URL when set (CI: server/relay/ci-redis.sh), otherwise one throwaway redis-server per test
// process on a free port, stopped when the process exits. Each caller isolates its keys with its own prefix.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

/** Where Debian's redis-server lives. */
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server'

let started: Promise<string> | undefined
let child: ChildProcess | undefined

/** True when Redis can be had: $REDIS_URL or a redis-server binary. */
export const redisAvailable = Boolean(process.env.REDIS_URL) || existsSync(REDIS_SERVER)

/** A Redis URL for tests; starts a private redis-server the first time when $REDIS_URL is unset. */
export function testRedisUrl(): Promise<string> {
  if (process.env.REDIS_URL) return Promise.resolve(process.env.REDIS_URL)
  started ??= startRedisServer()
  return started
}

/** A key prefix no other test uses. */
export function testPrefix(name: string): string {
  return `foyer-test:${name}:${process.pid}:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}:`
}

async function startRedisServer(): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port
      s.close(() => resolve(p))
    })
  })
  // A sh watchdog kills redis-server when our end of its stdin closes: when this process ends in any way.
  const watchdog = 'exec 3<&0; "$0" "$@" <&- & child=$!; (read _ <&3; kill $child 2>/dev/null) & wait $child'
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
  child = spawn('sh', ['-c', watchdog, REDIS_SERVER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    child!.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)))
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('Ready to accept connections')) {
        child!.stdout!.removeAllListeners('data')
        // Neither the pipe nor the child may keep a finished test process alive.
        child!.stdout!.destroy()
        ;(child!.stdin as unknown as { unref(): void }).unref()
        child!.unref()
        resolve()
      }
    })
  })
  return `redis://127.0.0.1:${port}`
}
