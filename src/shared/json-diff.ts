// A structural diff of two JSON values: which paths were added, removed or changed, with the values on each
// side. Used by the Vault view (diff between two epochs) and by the vault watcher in main, so it is pure,
// generic over JsonValue and deterministic: object keys are visited in sorted order, arrays index by index,
// so the same two inputs always give the same entries in the same order.
import type { JsonValue } from './schemas/vault'

export type JsonPath = (string | number)[]

export type DiffEntry =
  | { kind: 'added'; path: JsonPath; after: JsonValue }
  | { kind: 'removed'; path: JsonPath; before: JsonValue }
  | { kind: 'changed'; path: JsonPath; before: JsonValue; after: JsonValue }

export interface DiffOptions {
  /** stop after this many entries (a rotated vault is small; a hostile one need not be) */
  limit?: number
}

export interface DiffResult {
  entries: DiffEntry[]
  /** true when `limit` cut the list short */
  truncated: boolean
}

type JsonObject = { [key: string]: JsonValue }

function isObject(v: JsonValue): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Deep equality of JSON values (key order does not matter, array order does). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i] as JsonValue))
  }
  if (isObject(a)) {
    if (!isObject(b)) return false
    const ka = Object.keys(a)
    if (ka.length !== Object.keys(b).length) return false
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k] as JsonValue, b[k] as JsonValue))
  }
  return false
}

// Code-unit order, not localeCompare: the result must not depend on the machine's locale.
function sortedKeys(a: JsonObject, b: JsonObject): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
}

/** JSON text with object keys sorted: equal values give equal text, whatever their key order. */
export function stableStringify(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`
  if (isObject(v)) {
    const keys = Object.keys(v).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(v[k] as JsonValue)}`).join(',')}}`
  }
  return JSON.stringify(v)
}

export function diffJson(before: JsonValue, after: JsonValue, options: DiffOptions = {}): DiffResult {
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  const entries: DiffEntry[] = []
  let truncated = false

  const push = (entry: DiffEntry): boolean => {
    if (entries.length >= limit) {
      truncated = true
      return false
    }
    entries.push(entry)
    return true
  }

  // Returns false once the limit is reached, so the walk stops early.
  const walk = (a: JsonValue, b: JsonValue, path: JsonPath): boolean => {
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length)
      for (let i = 0; i < n; i++) {
        const p = [...path, i]
        if (i >= b.length) {
          if (!push({ kind: 'removed', path: p, before: a[i] as JsonValue })) return false
        } else if (i >= a.length) {
          if (!push({ kind: 'added', path: p, after: b[i] as JsonValue })) return false
        } else if (!walk(a[i] as JsonValue, b[i] as JsonValue, p)) return false
      }
      return true
    }
    if (isObject(a) && isObject(b)) {
      for (const key of sortedKeys(a, b)) {
        const p = [...path, key]
        const inA = Object.hasOwn(a, key)
        const inB = Object.hasOwn(b, key)
        if (!inB) {
          if (!push({ kind: 'removed', path: p, before: a[key] as JsonValue })) return false
        } else if (!inA) {
          if (!push({ kind: 'added', path: p, after: b[key] as JsonValue })) return false
        } else if (!walk(a[key] as JsonValue, b[key] as JsonValue, p)) return false
      }
      return true
    }
    // Scalars, or a change of kind (object ↔ array ↔ scalar): one entry for the whole value.
    if (jsonEqual(a, b)) return true
    return push({ kind: 'changed', path, before: a, after: b })
  }

  walk(before, after, [])
  return { entries, truncated }
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A readable path: $.records[0].public_key, with odd keys quoted: $["a key"]. */
export function formatPath(path: JsonPath): string {
  let out = '$'
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else if (IDENT.test(part)) out += `.${part}`
    else out += `[${JSON.stringify(part)}]`
  }
  return out
}

/** Counts per kind, for a one-line summary. */
export function diffSummary(entries: readonly DiffEntry[]): { added: number; removed: number; changed: number } {
  const out = { added: 0, removed: 0, changed: 0 }
  for (const e of entries) out[e.kind]++
  return out
}
