// JSON merge patch (RFC 7396): how a settings change is applied. Objects merge key by key, `null` removes a
// key, anything else (arrays included) replaces. Keys are defined as own properties, so a patch key such as
// "__proto__" can never reach a prototype even before validation refuses it.
export type JsonObject = { [key: string]: unknown }

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch
  const out: JsonObject = {}
  if (isPlainObject(target)) for (const [k, v] of Object.entries(target)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else if (v !== undefined) Object.defineProperty(out, k, { value: applyMergePatch(Object.hasOwn(out, k) ? out[k] : undefined, v), enumerable: true, writable: true, configurable: true })
  }
  return out
}
