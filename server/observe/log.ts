// Structured logs: one JSON object per line on stdout (errors on stderr), for whatever collects the process's output.
// Request logs carry the request id; bodies are never logged.

/** Fields of one log line. */
export type LogFields = Record<string, unknown>

/** Writes one JSON line: `{ at, level, service, event, ...fields }`. */
export function logLine(
  level: 'info' | 'warn' | 'error',
  service: string,
  event: string,
  fields: LogFields = {},
): void {
  const line = JSON.stringify({ at: new Date().toISOString(), level, service, event, ...fields })
  if (level === 'info') process.stdout.write(`${line}\n`)
  else process.stderr.write(`${line}\n`)
}

/** A logger bound to one service name. */
export function serviceLog(
  service: string,
): (event: string, fields?: LogFields, level?: 'info' | 'warn' | 'error') => void {
  return (event, fields, level = 'info') => logLine(level, service, event, fields)
}
