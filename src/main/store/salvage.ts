// Salvage of a stored document that does not validate as a whole: keep every field and every list entry
// that validates on its own, fall back to the default for the rest, and name what was dropped, so one bad
// watch entry (or a profile with an id that cannot be used) never costs the user the rest of the file.
import { z } from 'zod'

export interface Salvaged {
  value: unknown
  /** "transfers.2: a transaction hash is …", one per dropped entry or field */
  dropped: string[]
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid'
  const at = issue.path.join('.')
  return at ? `${at}: ${issue.message}` : issue.message
}

function arrayOf(schema: z.ZodType): z.ZodArray | null {
  let s: z.ZodType = schema
  while (s instanceof z.ZodDefault || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType
  return s instanceof z.ZodArray ? s : null
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

export function salvage(schema: z.ZodType, raw: unknown, defaults: unknown): Salvaged {
  if (!(schema instanceof z.ZodObject) || !isPlainObject(raw) || !isPlainObject(defaults)) {
    return { value: defaults, dropped: ['document: not an object of the expected shape'] }
  }
  const shape = schema.shape as Record<string, z.ZodType>
  const dropped: string[] = []
  const out: Record<string, unknown> = {}
  // Unknown fields are kept as they are (the schemas are loose); known ones are checked one by one.
  for (const [key, value] of Object.entries(raw)) if (!(key in shape)) define(out, key, value)
  for (const [key, field] of Object.entries(shape)) {
    if (!Object.hasOwn(raw, key)) {
      if (Object.hasOwn(defaults, key)) define(out, key, defaults[key])
      continue
    }
    const value = raw[key]
    const whole = field.safeParse(value)
    if (whole.success) {
      define(out, key, whole.data)
      continue
    }
    const list = arrayOf(field)
    if (list && Array.isArray(value)) {
      const kept: unknown[] = []
      value.forEach((entry, i) => {
        const one = (list.element as z.ZodType).safeParse(entry)
        if (one.success) kept.push(one.data)
        else dropped.push(`${key}.${i}: ${firstMessage(one.error)}`)
      })
      const again = field.safeParse(kept)
      if (again.success) {
        define(out, key, again.data)
        continue
      }
    }
    dropped.push(`${key}: ${firstMessage(whole.error)}`)
    if (Object.hasOwn(defaults, key)) define(out, key, defaults[key])
  }
  const result = schema.safeParse(out)
  if (result.success) return { value: result.data, dropped }
  return { value: defaults, dropped: [...dropped, `document: ${firstMessage(result.error)}`] }
}
