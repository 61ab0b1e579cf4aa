// bench:speed's arithmetic: medians per React, the time-to-button ratio paired per repetition, the chunks of each
// phase, and the acceptance check (issue 19).
import { median } from '../stats.js'

/** Acceptance (issue 19), on medians: click → wallet options, time to button against React alone, click → Account. */
export const SpeedBudgets = { clickToWalletsMs: 100, buttonVsReact: 1.25, clickToAccountMs: 300 }

/** One measured phase of one repetition. */
export interface Run {
  /** The phase's figure (`runs.initial` keeps only its chunks). */
  ms: number
  /** Script files requested in the phase. */
  chunks: string[]
}

const round = (n: number) => Math.round(n * 10) / 10

/**
 * Medians per React, a table and the verdict. `runs.aloneButton` / `runs.hostButton`: the time-to-button loads, paired
 * by index; `runs.alone` / `runs.host`: the click phase; `runs.account`; `runs.initial`: the chunks before the click.
 */
export function summarize(
  results: Record<string, Record<string, Run[]>>,
  gzip: (react: string, file: string) => number,
) {
  const summary = Object.fromEntries(
    Object.entries(results).map(([react, runs]) => {
      const foyer = (run: Run) => run.chunks.filter((f) => !/^react-/.test(f))
      const phase = (list: Run[]) => ({
        files: median(list.map((x) => foyer(x).length)),
        gzipKiB: round(median(list.map((x) => foyer(x).reduce((s, f) => s + gzip(react, f), 0))) / 1024),
        names: foyer(list[0]),
      })
      return [
        react,
        {
          buttonMs: round(median(runs.hostButton.map((x) => x.ms))),
          buttonAloneMs: round(median(runs.aloneButton.map((x) => x.ms))),
          buttonRatio: Math.round(median(runs.hostButton.map((h, i) => h.ms / runs.aloneButton[i].ms)) * 100) / 100,
          // Best against best: what each page costs when the machine is least in the way (a diagnostic, no budget).
          buttonBestRatio:
            Math.round(
              (Math.min(...runs.hostButton.map((x) => x.ms)) / Math.min(...runs.aloneButton.map((x) => x.ms))) * 100,
            ) / 100,
          clickToWalletsMs: round(median(runs.host.map((x) => x.ms))),
          clickAloneMs: round(median(runs.alone.map((x) => x.ms))),
          clickToAccountMs: round(median(runs.account.map((x) => x.ms))),
          chunks: { initial: phase(runs.initial), connect: phase(runs.host), account: phase(runs.account) },
        },
      ]
    }),
  )
  const b = SpeedBudgets
  const rows = Object.entries(summary).flatMap(([react, s]) => {
    // The budget applies to `checked`: the paired ratio for time to button, the milliseconds otherwise.
    type Phase = { files: number; gzipKiB: number }
    const row = (figure: string, foyer: number, alone: number, checked: number, limit: number, c: Phase) => ({
      react,
      figure,
      foyer,
      reactAlone: alone,
      budget: `${figure.startsWith('time to button') ? `ratio ${checked} ` : ''}≤ ${limit}`,
      ok: checked <= limit,
      foyerChunks: `${c.files} / ${c.gzipKiB} KiB`,
    })
    const { buttonMs, buttonAloneMs, buttonRatio, clickToWalletsMs, clickAloneMs, clickToAccountMs, chunks } = s
    return [
      row('time to button (ms)', buttonMs, buttonAloneMs, buttonRatio, b.buttonVsReact, chunks.initial),
      row(
        'click → wallet options (ms)',
        clickToWalletsMs,
        clickAloneMs,
        clickToWalletsMs,
        b.clickToWalletsMs,
        chunks.connect,
      ),
      row(
        'click → Account with balance (ms)',
        clickToAccountMs,
        clickAloneMs,
        clickToAccountMs,
        b.clickToAccountMs,
        chunks.account,
      ),
    ]
  })
  return { summary, rows, ok: rows.every((r) => r.ok) }
}
