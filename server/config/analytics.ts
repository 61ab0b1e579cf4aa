// Observability: what POST /e (analytics events and error reports) accepts, stores and keeps.
import { atLeast, int, setting, type Role } from './setting.js'

/** Analytics settings: POST /e's budgets and how long its rows are kept. */
export const analyticsRole = {
  title: 'Analytics and error reports',
  intro: 'What `POST /e` accepts and keeps (server/api/analytics-limits.ts; its byte budgets are in `apiLimits`):',
  settings: {
    analyticsRateLimitPerIp: setting<number>({
      env: ['FOYER_ANALYTICS_RATE_LIMIT_IP'],
      parse: int,
      default: () => 120,
      check: atLeast('analyticsRateLimitPerIp', 0, 'a non-negative integer'),
      row: { meaning: '`POST /e` events one client IP may send per rate-limit window (0 = unlimited); above it 429' },
    }),
    analyticsProjectCapPerHour: setting<number>({
      env: ['FOYER_ANALYTICS_PROJECT_CAP'],
      parse: int,
      default: () => 100_000,
      check: atLeast('analyticsProjectCapPerHour', 0, 'a non-negative integer'),
      row: { meaning: 'Events stored per project and hour before sampling (0 = no cap)' },
    }),
    analyticsSampleOneIn: setting<number>({
      env: ['FOYER_ANALYTICS_SAMPLE'],
      parse: int,
      default: () => 100,
      check: atLeast('analyticsSampleOneIn', 1, 'a positive integer'),
      row: { meaning: 'Above the project cap, one event in this many is stored; every one is answered 202' },
    }),
    analyticsRetentionDays: setting<number>({
      env: ['FOYER_ANALYTICS_DAYS'],
      parse: int,
      default: () => 90,
      check: atLeast('analyticsRetentionDays', 1, 'a positive integer'),
      row: {
        meaning: 'Analytics events and error reports older than this are deleted (at start, hourly, every 100 rows)',
      },
    }),
    analyticsMaxRows: setting<number>({
      env: ['FOYER_ANALYTICS_MAX_ROWS'],
      parse: int,
      default: () => 1_000_000,
      check: atLeast('analyticsMaxRows', 1, 'a positive integer'),
      row: { meaning: 'At most this many events (and as many error reports) are kept, newest first' },
    }),
  },
} satisfies Role<unknown>
