// The eager reducer runner (a plain copy) against immer: for random plain-data slices and random reducers (set,
// delete, push, splice, replace a subtree, return a new value, change nothing) both give the same next value; the
// copy keeps every unchanged part of the old slice (same object), returns the old slice when nothing changed, and
// freezes what it returns. The kernel switches from one to the other when its first plugin chunk loads.
import fc from 'fast-check'
import { produce } from 'immer'
import { describe, expect, it } from 'vitest'
import { LargeSliceNodes, produceByCopy } from './drafts.js'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string({ maxLength: 4 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('v'), { maxKeys: 4 }),
  ),
})).v
const slice = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), json, { minKeys: 1, maxKeys: 4 })

type Edit =
  | { kind: 'set' | 'push' | 'replace'; path: number[]; value: Json }
  | { kind: 'delete' | 'splice' | 'nothing' | 'assignSame'; path: number[] }
  | { kind: 'return'; value: Json }
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('set' as const, 'push' as const, 'replace' as const),
    path: fc.array(fc.nat(5), { maxLength: 3 }),
    value: json,
  }),
  fc.record({
    kind: fc.constantFrom('delete' as const, 'splice' as const, 'nothing' as const, 'assignSame' as const),
    path: fc.array(fc.nat(5), { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('return' as const), value: json }),
)

// A reducer mutates its draft or returns a new value, never both (immer refuses that).
const reducerEdits = fc.oneof(
  fc.array(
    edit.filter((e) => e.kind !== 'return'),
    { minLength: 1, maxLength: 3 },
  ),
  json.map((value) => [{ kind: 'return' as const, value }]),
)

// Walks `path` (indexes into each level's keys) to a container, then applies the edit there, reading as a reducer would.
const reducer =
  (e: Edit) =>
  (draft: Record<string, Json>): unknown => {
    if (e.kind === 'return') return { replaced: e.value }
    let node: any = draft
    for (const i of e.path) {
      const keys = Object.keys(node)
      const next = keys.length ? node[keys[i % keys.length]] : undefined
      if (typeof next !== 'object' || next === null) break
      node = next
    }
    const keys = Object.keys(node)
    // Arrays take indexes only (immer refuses other keys on arrays).
    const key = keys.length ? keys[e.path.length % keys.length] : Array.isArray(node) ? '0' : 'a'
    switch (e.kind) {
      case 'set':
        node[key] = e.value
        break
      case 'push':
        if (Array.isArray(node)) node.push(e.value)
        else node.z = e.value
        break
      case 'replace':
        node[key] = { inner: e.value }
        break
      case 'delete':
        if (!Array.isArray(node)) delete node[key]
        break
      case 'splice':
        if (Array.isArray(node)) node.splice(0, 1)
        break
      case 'assignSame':
        // A reducer that writes back what is there (immer counts it as no change).
        if (keys.length && !Array.isArray(node)) {
          const same = node[key]
          node[key] = same
        }
        break
    }
    return undefined
  }

const deepFrozen = (v: unknown): boolean =>
  typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(deepFrozen))

describe('produceByCopy', () => {
  it('matches immer, shares what did not change and freezes its result', () => {
    fc.assert(
      fc.property(slice, reducerEdits, (start, edits) => {
        const base = produce(start, () => undefined) as Record<string, Json>
        // Each run gets its own values: both runs freeze what a reducer stores, as the kernel's state must be.
        const recipe = (list: Edit[]) => (d: Record<string, Json>) => {
          let out: unknown
          for (const e of list) out = reducer(e)(d) ?? out
          return out
        }
        const byImmer = produce(base, recipe(structuredClone(edits)) as never)
        const byCopy = produceByCopy(base, recipe(structuredClone(edits)))
        expect(byCopy).toEqual(byImmer)
        if (byImmer === base) expect(byCopy).toBe(base)
        expect(deepFrozen(byCopy)).toBe(true)
        // Shares exactly where immer shares: a reducer that stores a new but equal value keeps the new one.
        if (byCopy && typeof byCopy === 'object' && !Array.isArray(byCopy) && byImmer && typeof byImmer === 'object')
          for (const k of Object.keys(base))
            if ((byImmer as Record<string, Json>)[k] === base[k])
              expect((byCopy as Record<string, Json>)[k]).toBe(base[k])
      }),
      { numRuns: 300 },
    )
  })

  it('keeps a payload the reducer stored as it is (frozen), and leaves the old slice untouched', () => {
    const base: { list: Array<{ id: string }>; n: number } = Object.freeze({
      list: Object.freeze([Object.freeze({ id: 'a' })]) as Array<{ id: string }>,
      n: 1,
    })
    const payload = { id: 'b' }
    const next = produceByCopy(base, (s) => {
      s.list = [...s.list, payload]
    })
    expect(next.list[1]).toBe(payload)
    expect(Object.isFrozen(payload)).toBe(true)
    expect(next.n).toBe(1)
    expect(base.list).toHaveLength(1)
  })

  it('tells when a slice is past LargeSliceNodes objects (the kernel then switches to immer)', () => {
    const slice = (n: number) => ({ list: Array.from({ length: n }, (_, i) => ({ i })) })
    const calls: number[] = []
    for (const n of [LargeSliceNodes - 2, LargeSliceNodes])
      produceByCopy(
        slice(n),
        (s) => void s.list.pop(),
        () => calls.push(n),
      )
    expect(calls).toEqual([LargeSliceNodes])
  })
})
