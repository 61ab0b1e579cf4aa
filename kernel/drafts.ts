// How reducers get a draft to mutate. Immer (3.6 KiB gzip) would be the largest part of the first paint, so reducers
// run on a plain copy instead: state is plain data (DESIGN §2.4), so copying the slice, letting the reducer mutate
// the copy, then keeping every unchanged part of the old slice gives immer's result — same values, unchanged parts
// shared, everything frozen (drafts.property.test.ts checks it against immer). A copy costs O(slice size) per event:
// faster than immer up to a few dozen objects, slower beyond (about 6× at 500), so the first slice past
// `LargeSliceNodes` objects makes the kernel load immer (O(changed path)) in its own chunk and switch to it.

/** Runs `recipe` on a draft of `base` and returns the next value (immer's `produce` contract, for plain data). */
export type Produce = <T>(base: T, recipe: (draft: T) => unknown) => T

/** Objects and arrays in a slice past which the kernel switches to immer (a copy of 200 takes ~0.1 ms). */
export const LargeSliceNodes = 200

// What one copy made: the objects that are ours to change, and how many.
interface Copied {
  owned: WeakSet<object>
  nodes: number
}

const copy = (v: unknown, c: Copied): unknown => {
  if (typeof v !== 'object' || v === null) return v
  let out: unknown[] | Record<string, unknown>
  if (Array.isArray(v)) out = v.map((x) => copy(x, c))
  else {
    out = {}
    for (const k in v) out[k] = copy((v as Record<string, unknown>)[k], c)
  }
  c.owned.add(out)
  c.nodes++
  return out
}

const freeze = (v: unknown): unknown => {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const k in v) freeze((v as Record<string, unknown>)[k])
  }
  return v
}

// `next` with every part equal to the same part of `base` replaced by `base`'s own object; new parts frozen. Only
// the copy's own objects are changed in place: anything a reducer put there itself (a payload's object, a new array)
// is kept as it is and frozen, as immer does.
const share = (base: unknown, next: unknown, owned: WeakSet<object>): unknown => {
  if (Object.is(base, next) || typeof next !== 'object' || next === null) return next
  if (!owned.has(next) || typeof base !== 'object' || base === null || Array.isArray(base) !== Array.isArray(next))
    return freeze(next)
  const b = base as Record<string, unknown>
  const n = next as Record<string, unknown>
  let same = Object.keys(b).length === Object.keys(n).length
  for (const k in n) {
    const v = share(b[k], n[k], owned)
    if (v !== n[k]) n[k] = v
    if (v !== b[k] || !(k in b)) same = false
  }
  return same ? base : Object.freeze(n)
}

/** {@link Produce} over a plain copy; `onLarge` hears of a slice past {@link LargeSliceNodes} objects. */
export const produceByCopy = <T>(base: T, recipe: (draft: T) => unknown, onLarge?: () => void): T => {
  const c: Copied = { owned: new WeakSet(), nodes: 0 }
  const draft = copy(base, c)
  const out = recipe(draft as T)
  if (c.nodes > LargeSliceNodes) onLarge?.()
  return share(base, out === undefined ? draft : out, c.owned) as T
}

/** Immer's `produce`, from its own chunk. */
export const loadImmer = (): Promise<Produce> => import('./immer.js').then((m) => m.produce as Produce)
