// A generic, deterministic structural diff of two JSON values, for vault results whose shape is not the
// documented one. Object keys are visited in code-unit order and arrays index by index, so the same two inputs
// always give the same entries in the same order. Paths read like `$.vault.addresses[2].address`.
// The watcher now names its changes with @shared/vault-summary over @shared/json-diff, and takes only
// stableStringify (its snapshot hash) from this file.
import type { JsonChange } from '@shared/watch'
import type { JsonValue } from '@shared/schemas/vault'

type JsonObject = { [key: string]: JsonValue }

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

function isObject(v: JsonValue): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function keyPath(path: string, key: string): string {
  return IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

/** Deep equality (object key order does not matter, array order does). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i] as JsonValue))
  if (isObject(a)) {
    if (!isObject(b)) return false
    const ka = Object.keys(a)
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k] as JsonValue, b[k] as JsonValue))
  }
  return false
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

export function diffJson(a: JsonValue, b: JsonValue): JsonChange[] {
  const out: JsonChange[] = []
  const walk = (x: JsonValue, y: JsonValue, path: string): void => {
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const p = `${path}[${i}]`
        if (i >= y.length) out.push({ path: p, kind: 'removed', before: x[i] as JsonValue })
        else if (i >= x.length) out.push({ path: p, kind: 'added', after: y[i] as JsonValue })
        else walk(x[i] as JsonValue, y[i] as JsonValue, p)
      }
      return
    }
    if (isObject(x) && isObject(y)) {
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort((k, l) => (k < l ? -1 : k > l ? 1 : 0))
      for (const key of keys) {
        const p = keyPath(path, key)
        if (!Object.hasOwn(y, key)) out.push({ path: p, kind: 'removed', before: x[key] as JsonValue })
        else if (!Object.hasOwn(x, key)) out.push({ path: p, kind: 'added', after: y[key] as JsonValue })
        else walk(x[key] as JsonValue, y[key] as JsonValue, p)
      }
      return
    }
    // Scalars, or a change of kind (object ↔ array ↔ scalar): one entry for the whole value.
    if (!jsonEqual(x, y)) out.push({ path, kind: 'changed', before: x, after: y })
  }
  walk(a, b, '$')
  return out
}
