// Where the server keeps its data: the embedded database or PostgreSQL, and Redis for what every process shares.
import { join } from 'node:path'
import { checkUrl, fail } from './checks.js'
import { setting, text, type Role } from './setting.js'

/** Store settings: the database and Redis. */
export const storeRole = {
  title: 'Store',
  intro: 'The database (server/store/) and Redis, which the relay and the rate limits share across processes:',
  settings: {
    dataDir: setting<string>({
      env: ['FOYER_DATA_DIR'],
      // FOYER_STACK_DIR names the directory of the whole local stack; its database lives in <dir>/db.
      read: (env) => {
        if (env.FOYER_DATA_DIR) return env.FOYER_DATA_DIR
        const stack = env.FOYER_STACK_DIR
        if (stack) return stack.startsWith('memory://') ? stack : join(stack, 'db')
        return undefined
      },
      default: () => '.foyer/db',
      check: (v, where) => {
        if (typeof v !== 'string' || !v) fail(where, 'dataDir', 'a directory path or memory://', v)
      },
      row: {
        meaning: 'Embedded database directory (relative to the working directory; `memory://` keeps it in memory)',
      },
    }),
    databaseUrl: setting<string>({
      env: ['DATABASE_URL'],
      parse: text,
      check: (v, where) => checkUrl(v, where, 'databaseUrl (DATABASE_URL)', ['postgres:', 'postgresql:']),
      row: { meaning: '`postgres://…`; when set, PostgreSQL is used instead of the embedded database' },
    }),
    redisUrl: setting<string>({
      env: ['REDIS_URL'],
      parse: text,
      check: (v, where) => checkUrl(v, where, 'redisUrl (REDIS_URL)', ['redis:', 'rediss:']),
      row: {
        meaning: '`redis://…`: the relay’s mailboxes and fan-out and the rate limits, shared by every process on it',
      },
    }),
    redisPrefix: setting<string>({
      env: ['FOYER_REDIS_PREFIX'],
      parse: text,
      default: () => 'foyer:',
      check: (v, where) => {
        if (typeof v !== 'string') fail(where, 'redisPrefix', 'a string', v)
      },
      row: { meaning: 'Prefix of every Redis key and channel of this installation (several may share one Redis)' },
    }),
  },
  notes: [
    {
      env: '`FOYER_STACK_DIR`',
      key: '`dataDir` = `<dir>/db`',
      default: '`.foyer`',
      meaning: 'The local stack’s directory (`npm start`); `FOYER_DATA_DIR` wins',
    },
  ],
} satisfies Role<unknown>
