// The frame page: a small HTML shell with its settings as inert JSON, its stylesheet, and its script — bundled from
// frame/ with esbuild on first request (kept in memory), so the site needs no build step of its own; the server
// package's build bundles it ahead of time instead.
import { fileURLToPath } from 'node:url'

/** What the frame script reads from its page. */
export interface FrameSettings {
  /** The embedding page's origin, the only one the frame talks to. */
  hostOrigin: string
  /** False when that origin is not allowed: the frame then only says so. */
  verified: boolean
  siteOrigin: string
  /** Names and currencies of the networks, for the approval screen. */
  networks: Array<{ caipNetworkId: string; name: string; symbol: string; decimals: number }>
  /** The page's project id (its gas sponsorship applies here), when the page gave one. */
  projectId?: string
}

const escapeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/** The frame's HTML. */
export function framePage(settings: FrameSettings): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer wallet</title>
<link rel="stylesheet" href="/frame.css">
<script type="application/json" id="foyer-frame-settings">${escapeJson(settings)}</script>
<script src="/frame.js" defer></script>
</head>
<body><main id="approval" hidden></main><main id="passkey" hidden></main></body>
</html>`
}

// The installed server package (scripts/build-server.mjs) carries the script prebuilt: it needs no esbuild at run time.
declare const __FOYER_FRAME_JS__: string | undefined
const prebuilt = typeof __FOYER_FRAME_JS__ === 'string' ? __FOYER_FRAME_JS__ : undefined

let bundle: Promise<string> | undefined

/** The frame script, bundled once per process (or the one prebuilt into the server package). */
export function frameScript(): Promise<string> {
  if (prebuilt !== undefined) return Promise.resolve(prebuilt)
  bundle ??= import('esbuild')
    .then((esbuild) =>
      esbuild.build({
        entryPoints: [fileURLToPath(new URL('./frame/main.ts', import.meta.url))],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2020',
        minify: true,
        legalComments: 'none',
      }),
    )
    .then((r) => r.outputFiles[0].text)
    .catch((err: unknown) => {
      bundle = undefined
      throw err
    })
  return bundle
}

/** The frame's stylesheet: transparent until an approval shows; colours follow the modal's theme (SYNC_THEME). */
export const FRAME_CSS = `
:root { color-scheme: dark; --fg: #e4e4e7; --muted: #a1a1aa; --bg: #18181b; --card: #232326; --line: #2e2e33;
  --accent: #4a55e0; --accent-fg: #fff; --danger: #f0555a; --radius: 14px;
  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
:root[data-theme="light"] { color-scheme: light; --fg: #18181b; --muted: #60606a; --bg: #fff; --card: #f4f4f5; --line: #e4e4e7; }
html, body { margin: 0; background: transparent; color: var(--fg); }
main { box-sizing: border-box; min-height: 100vh; padding: 4px 16px 16px; background: var(--bg); display: flex;
  flex-direction: column; gap: 12px; }
main[hidden] { display: none; }
h1 { font-size: 17px; margin: 8px 0 0; text-align: center; }
.sub { color: var(--muted); font-size: 13px; text-align: center; margin: 0; }
dl { margin: 0; background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 4px 12px; }
dl div { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid var(--line); }
dl div:last-child { border-bottom: 0; }
dt { color: var(--muted); flex: none; }
dd { margin: 0; text-align: right; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
dl div:has(> dd > dl) { flex-direction: column; gap: 6px; }
dd > dl { text-align: left; padding: 0 10px; }
pre { margin: 0; background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 10px 12px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 140px; overflow: auto; font: 13px/1.45 ui-monospace, monospace; }
.buttons { display: flex; gap: 8px; margin-top: auto; position: sticky; bottom: 0; padding: 8px 0 0;
  background: var(--bg); }
section { display: flex; flex-direction: column; gap: 6px; }
h2 { font-size: 14px; margin: 0; }
.warning { color: var(--danger); font-size: 13px; margin: 0; }
.sponsor { color: var(--fg); font-size: 13px; font-weight: 600; margin: 0; }
button { flex: 1; border: 0; border-radius: 999px; padding: 11px 14px; font: inherit; font-weight: 600; cursor: pointer; }
button.reject { background: var(--card); color: var(--fg); border: 1px solid var(--line); }
button.approve { background: var(--accent); color: var(--accent-fg); }
button:disabled { opacity: .6; cursor: progress; }
.error { color: var(--danger); font-size: 13px; text-align: center; margin: 0; }
.queue { color: var(--muted); font-size: 12px; text-align: center; margin: 0; }
`
