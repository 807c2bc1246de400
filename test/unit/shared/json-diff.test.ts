import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { diffJson, diffSummary, formatPath, jsonEqual, stableStringify } from '../../../src/shared/json-diff'
import type { JsonValue } from '../../../src/shared/schemas/vault'

const json: fc.Arbitrary<JsonValue> = fc.jsonValue() as fc.Arbitrary<JsonValue>

/** Applies a diff to `before`; if the diff is right this rebuilds `after`. */
function apply(before: JsonValue, entries: ReturnType<typeof diffJson>['entries']): JsonValue {
  let root: JsonValue = structuredClone(before)
  // Removals of array items go last and from the highest index down, so earlier indexes stay valid. (A
  // comparator that returned 0 across kinds was not a total order, and sort could leave them unordered.)
  const isItemRemoval = (e: (typeof entries)[number]): boolean => e.kind === 'removed' && typeof e.path.at(-1) === 'number'
  const itemRemovals = entries
    .filter(isItemRemoval)
    .sort((x, y) => y.path.length - x.path.length || (y.path.at(-1) as number) - (x.path.at(-1) as number))
  const ordered = [...entries.filter((e) => !isItemRemoval(e)), ...itemRemovals]
  for (const e of ordered) {
    if (e.path.length === 0) {
      root = e.kind === 'removed' ? null : structuredClone(e.after)
      continue
    }
    let node = root as Record<string | number, JsonValue>
    for (const part of e.path.slice(0, -1)) node = node[part] as Record<string | number, JsonValue>
    const last = e.path.at(-1) as string | number
    if (e.kind === 'removed') {
      if (Array.isArray(node)) node.splice(last as number, 1)
      else delete node[last]
    } else {
      Object.defineProperty(node, last, { value: structuredClone(e.after), enumerable: true, writable: true, configurable: true })
    }
  }
  return root
}

/** The same value with every object's keys inserted in reverse order. */
function reversedKeys(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(reversedKeys)
  if (v === null || typeof v !== 'object') return v
  const out: Record<string, JsonValue> = {}
  for (const k of Object.keys(v).reverse()) {
    Object.defineProperty(out, k, { value: reversedKeys(v[k] as JsonValue), enumerable: true, writable: true, configurable: true })
  }
  return out
}

describe('diffJson', () => {
  it('finds nothing between equal values, whatever their key order', () => {
    expect(diffJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }).entries).toEqual([])
  })

  it('reports added, removed and changed paths with the values on each side', () => {
    const before = { epoch: 3, public_key: '0x04aa', chains: [1, 56], extra: { gone: true } }
    const after = { epoch: 4, public_key: '0x04bb', chains: [1, 56, 137], newField: 'x' }
    const { entries, truncated } = diffJson(before, after)
    expect(truncated).toBe(false)
    expect(entries).toEqual([
      { kind: 'added', path: ['chains', 2], after: 137 },
      { kind: 'changed', path: ['epoch'], before: 3, after: 4 },
      { kind: 'removed', path: ['extra'], before: { gone: true } },
      { kind: 'added', path: ['newField'], after: 'x' },
      { kind: 'changed', path: ['public_key'], before: '0x04aa', after: '0x04bb' }
    ])
    expect(diffSummary(entries)).toEqual({ added: 2, removed: 1, changed: 2 })
  })

  it('treats a change of kind (object, array, scalar) as one change of the whole value', () => {
    expect(diffJson({ a: { b: 1 } }, { a: [1] }).entries).toEqual([{ kind: 'changed', path: ['a'], before: { b: 1 }, after: [1] }])
    expect(diffJson([1], 'x').entries).toEqual([{ kind: 'changed', path: [], before: [1], after: 'x' }])
    expect(diffJson(null, {}).entries).toEqual([{ kind: 'changed', path: [], before: null, after: {} }])
  })

  it('distinguishes a null value from a missing key', () => {
    expect(diffJson({ a: null }, {}).entries).toEqual([{ kind: 'removed', path: ['a'], before: null }])
    expect(diffJson({}, { a: null }).entries).toEqual([{ kind: 'added', path: ['a'], after: null }])
  })

  it('reports removed array items at the end of the array', () => {
    expect(diffJson([1, 2, 3], [1]).entries).toEqual([
      { kind: 'removed', path: [1], before: 2 },
      { kind: 'removed', path: [2], before: 3 }
    ])
  })

  it('handles keys that are special in JavaScript as plain data', () => {
    const a = JSON.parse('{"__proto__": {"x": 1}, "constructor": 1}') as JsonValue
    const b = JSON.parse('{"__proto__": {"x": 2}, "constructor": 1}') as JsonValue
    expect(diffJson(a, b).entries).toEqual([{ kind: 'changed', path: ['__proto__', 'x'], before: 1, after: 2 }])
    expect(diffJson({}, { toString: 1 }).entries).toEqual([{ kind: 'added', path: ['toString'], after: 1 }])
  })

  it('stops at the limit and says so', () => {
    const a = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]))
    const r = diffJson(a, {}, { limit: 10 })
    expect(r.entries).toHaveLength(10)
    expect(r.truncated).toBe(true)
    expect(diffJson(a, {}, { limit: 50 }).truncated).toBe(false)
  })

  it('is deterministic and independent of key insertion order', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const shuffled = reversedKeys(b)
        expect(diffJson(a, b)).toEqual(diffJson(a, shuffled))
        expect(diffJson(a, b)).toEqual(diffJson(a, b))
      })
    )
  })

  it('finds no entries exactly when the values are equal', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(diffJson(a, b).entries.length === 0).toBe(jsonEqual(a, b))
        expect(diffJson(a, a).entries).toEqual([])
      })
    )
  })

  it('describes the change completely: applying it to the old value gives the new one', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEqual(apply(a, diffJson(a, b).entries), b)).toBe(true)
      }),
      { numRuns: 300 }
    )
  })
})

describe('formatPath', () => {
  it('writes identifiers with dots, indexes in brackets and odd keys quoted', () => {
    expect(formatPath([])).toBe('$')
    expect(formatPath(['records', 0, 'public_key'])).toBe('$.records[0].public_key')
    expect(formatPath(['a key', 'x"y', '1'])).toBe('$["a key"]["x\\"y"]["1"]')
  })
})

describe('stableStringify (how the watcher tells a changed vault from the same one sent in another key order)', () => {
  /** the same value with every object's keys in reverse order */
  const reordered = (v: JsonValue): JsonValue => {
    if (Array.isArray(v)) return v.map(reordered)
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]))
    return v
  }

  it('gives equal text exactly when the values are equal, whatever the key order', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(stableStringify(reordered(a))).toBe(stableStringify(a))
        expect(stableStringify(a) === stableStringify(b)).toBe(jsonEqual(a, b))
      })
    )
  })

  it('is JSON that parses back to the same value', () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(jsonEqual(JSON.parse(stableStringify(a)) as JsonValue, a)).toBe(true)
      })
    )
  })
})
