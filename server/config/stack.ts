// The process itself: which services it runs, how it stops, and the demo page of the local stack (`npm start`).
import { checkStringList, fail } from './checks.js'
import { atLeast, csv, int, port, setting, text, type Role } from './setting.js'

/** Process and local-stack settings. */
export const stackRole = {
  title: 'Process and local stack',
  intro: 'What this process runs (server/services.ts), how it stops, the demo page, the config file and the base port:',
  settings: {
    services: setting<string[]>({
      env: ['FOYER_SERVICES'],
      parse: csv,
      check: (v, where) => checkStringList(v, where, 'services (FOYER_SERVICES)'),
      row: { default: 'all', meaning: 'Comma-separated service names this process runs (with what they need)' },
    }),
    shutdownDrainMs: setting<number>({
      env: ['FOYER_SHUTDOWN_DRAIN_MS'],
      parse: int,
      default: () => 5000,
      check: atLeast('shutdownDrainMs', 0, 'a non-negative integer'),
      row: { meaning: 'On SIGTERM, how long requests in flight and relay sockets get to finish before they are cut' },
    }),
    demoPort: setting<number>({
      env: ['FOYER_DEMO_PORT'],
      parse: int,
      default: () => 5173,
      check: port('demoPort (FOYER_DEMO_PORT)'),
      row: { meaning: 'Demo page port (`npm start`)' },
    }),
    demoProjectId: setting<string>({
      env: ['FOYER_PROJECT_ID'],
      parse: text,
      default: () => 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      check: (v, where) => {
        if (typeof v !== 'string' || !/^[0-9a-f]{32}$/i.test(v))
          fail(where, 'demoProjectId (FOYER_PROJECT_ID)', '32 hex digits', v)
      },
      row: { default: '`f0e1…0e0f`', meaning: 'Project id of the demo page' },
    }),
  },
  notes: [
    { env: '`FOYER_CONFIG`', key: '—', default: '—', meaning: 'Path of the JSON config file' },
    {
      env: '`FOYER_BASE_PORT`',
      key: '—',
      default: '—',
      meaning: 'Moves every port at once (the layout is above); a single `FOYER_*_PORT` still wins',
    },
  ],
} satisfies Role<unknown>
