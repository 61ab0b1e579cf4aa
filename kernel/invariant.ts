/** Fails loudly on a programmer mistake (never on user input). */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`[foyer] ${message}`)
}
