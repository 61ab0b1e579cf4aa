// Development check: event payloads and state are plain data (DESIGN §2.4), so the log replays, exports as JSON and
// never holds a live object. Off in production builds, on in development and tests, where it fails loudly.

/** Where the first non-plain value in `value` sits (`payload.items[2].fn`), or undefined when it is all plain data. */
export function findNonSerializable(value: unknown, path = 'value', seen = new Set<object>()): string | undefined {
  if (value === null || value === undefined) return undefined
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined
    case 'number':
      return Number.isFinite(value) ? undefined : `${path} (${value})`
    case 'object':
      break
    default:
      return `${path} (${typeof value})`
  }
  const obj = value as object
  if (seen.has(obj)) return `${path} (a cycle)`
  const proto = Object.getPrototypeOf(obj)
  if (Array.isArray(obj)) {
    seen.add(obj)
    for (let i = 0; i < obj.length; i++) {
      const bad = findNonSerializable(obj[i], `${path}[${i}]`, seen)
      if (bad) return bad
    }
    seen.delete(obj)
    return undefined
  }
  if (proto !== Object.prototype && proto !== null)
    return `${path} (an instance of ${proto?.constructor?.name ?? 'a class'})`
  seen.add(obj)
  for (const [k, v] of Object.entries(obj)) {
    const bad = findNonSerializable(v, `${path}.${k}`, seen)
    if (bad) return bad
  }
  seen.delete(obj)
  return undefined
}

/**
 * True unless a production build said otherwise. Bundlers replace `process.env.NODE_ENV` (React itself relies on it),
 * so in a production bundle this folds to `false` and the development checks it guards drop out.
 */
export const DevelopmentBuild: boolean = process.env.NODE_ENV !== 'production'
