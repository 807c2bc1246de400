// A fast "this value passes unchanged" test derived from a zod schema, for the hot decode of history pages.
//
// zod's safeParse of a 35-field record builds a result object per field and a copy of the record; over a
// 10,000-record page that, and the garbage it leaves, cost as much as JSON.parse of the page itself. The
// acceptor built here answers the narrower question "would zod pass this value and give it back as it
// is?" without allocating. It is read off the schema's own definition (zod stays the only place a field's
// type is written down) and it only ever answers yes for what it fully understands: any schema kind,
// check or option it does not know makes compileAcceptor return null, and the caller uses zod. A value
// the acceptor turns down goes to zod too, which then decides and names the field. So zod keeps the last
// word on every record; the acceptor only spares it the records that are plainly fine.
//
// The equivalence (accept(v) ⇒ zod passes v and its output equals v) is property-tested in
// test/unit/main/client/schema-accept.test.ts against zod itself.
import type { z } from 'zod'
import { isPlainObject } from './lossless-json'

type Accept = (value: unknown) => boolean

/** The parts of zod 4's definition objects read here (zod's `_zod.def`, its documented inspection point). */
interface Def {
  type: string
  checks?: readonly { _zod: { def: CheckDef } }[]
  innerType?: Inspectable
  options?: readonly Inspectable[]
  values?: readonly unknown[]
  shape?: Record<string, Inspectable>
  catchall?: Inspectable
  coerce?: boolean
}
interface CheckDef {
  check: string
  format?: string
  pattern?: RegExp
  fn?: (value: unknown) => unknown
  value?: unknown
  inclusive?: boolean
  when?: unknown
}
interface Inspectable {
  _zod: { def: Def; optin?: string; optout?: string }
}

/** A check as a predicate, or null when it is not one understood here. */
function checkOf(def: CheckDef): Accept | null {
  if (def.when !== undefined) return null
  switch (def.check) {
    case 'number_format':
      // z.int(): a safe integer. Other formats (int32, float32…) have ranges of their own: not handled.
      return def.format === 'safeint' ? (v) => Number.isSafeInteger(v) : null
    case 'greater_than': {
      const bound = def.value
      if (typeof bound !== 'number') return null
      return def.inclusive === true ? (v) => (v as number) >= bound : (v) => (v as number) > bound
    }
    case 'less_than': {
      const bound = def.value
      if (typeof bound !== 'number') return null
      return def.inclusive === true ? (v) => (v as number) <= bound : (v) => (v as number) < bound
    }
    case 'string_format': {
      // Only plain regex checks: named formats (email, uuid…) carry more than their pattern.
      const pattern = def.pattern
      if (def.format !== 'regex' || !(pattern instanceof RegExp)) return null
      return (v) => {
        pattern.lastIndex = 0
        return pattern.test(v as string)
      }
    }
    case 'custom': {
      // .refine(fn): zod fails the value when fn's result is falsy. A promise (an async refinement) is
      // not a yes.
      const fn = def.fn
      if (typeof fn !== 'function') return null
      return (v) => {
        const r = fn(v)
        return r instanceof Promise ? false : Boolean(r)
      }
    }
    default:
      return null
  }
}

/** The schema's own checks, all of which must pass, or null when one is not understood. */
function checksOf(def: Def): Accept[] | null {
  const out: Accept[] = []
  for (const check of def.checks ?? []) {
    const c = checkOf(check._zod.def)
    if (c === null) return null
    out.push(c)
  }
  return out
}

function withChecks(base: Accept, checks: readonly Accept[]): Accept {
  if (checks.length === 0) return base
  return (v) => {
    if (!base(v)) return false
    for (const c of checks) if (!c(v)) return false
    return true
  }
}

/** Field kinds a record is mostly made of, tested inline rather than through a call per field. */
const enum Kind {
  String,
  SafeInt,
  NullableString,
  NullableSafeInt,
  Other
}

function isSafeIntDef(def: Def): boolean {
  const own = def as Def & { check?: string; format?: string }
  return def.type === 'number' && own.check === 'number_format' && own.format === 'safeint' && (def.checks ?? []).length === 0 && def.coerce !== true
}

function isBareStringDef(def: Def): boolean {
  return def.type === 'string' && (def.checks ?? []).length === 0 && def.coerce !== true
}

function kindOf(schema: Inspectable): Kind {
  const def = schema._zod.def
  if (isBareStringDef(def)) return Kind.String
  if (isSafeIntDef(def)) return Kind.SafeInt
  if (def.type === 'nullable' && def.innerType) {
    const inner = def.innerType._zod.def
    if (isBareStringDef(inner)) return Kind.NullableString
    if (isSafeIntDef(inner)) return Kind.NullableSafeInt
  }
  return Kind.Other
}

function objectAcceptor(def: Def): Accept | null {
  // A loose object (catchall unknown) keeps extra keys as they are; a strict or plain object drops or
  // refuses them, which is not "unchanged": not handled.
  if (def.catchall === undefined || def.catchall._zod.def.type !== 'unknown') return null
  if ((def.checks ?? []).length !== 0 || def.shape === undefined) return null
  const strings: string[] = []
  const ints: string[] = []
  const nullableStrings: string[] = []
  const nullableInts: string[] = []
  const others: [string, Accept, boolean][] = []
  for (const [key, field] of Object.entries(def.shape)) {
    if (key === '__proto__') return null
    const { optin, optout } = field._zod
    // An absent field is fine only where zod leaves it absent too (optional in and out).
    const mayBeAbsent = optin === 'optional' && optout === 'optional'
    if (optin !== undefined && !mayBeAbsent) return null
    const kind = mayBeAbsent ? Kind.Other : kindOf(field)
    if (kind === Kind.String) strings.push(key)
    else if (kind === Kind.SafeInt) ints.push(key)
    else if (kind === Kind.NullableString) nullableStrings.push(key)
    else if (kind === Kind.NullableSafeInt) nullableInts.push(key)
    else {
      const accept = acceptorOf(field)
      if (accept === null) return null
      others.push([key, accept, mayBeAbsent])
    }
  }
  // A field read through the prototype counts as present for zod, which then copies it into its output:
  // not "unchanged". Only names Object.prototype itself has can be found that way on a JSON.parse object.
  const inherited = [...strings, ...ints, ...nullableStrings, ...nullableInts].filter((key) => key in Object.prototype)
  // The fixed-kind fields are tested by generated code: one named property load each, which V8 keeps
  // monomorphic on a page of same-shaped records, where a loop over key names makes every load a generic
  // keyed lookup (the acceptor then cost a third of the whole decode). The names are the schema's own,
  // written as JSON string literals, so no text from the wire ever reaches the generated source.
  const at = (key: string): string => `v[${JSON.stringify(key)}]`
  const lines = [
    ...inherited.map((key) => `if (!hasOwn(v, ${JSON.stringify(key)})) return false;`),
    ...strings.map((key) => `if (typeof ${at(key)} !== 'string') return false;`),
    ...ints.map((key) => `if (!isSafeInteger(${at(key)})) return false;`),
    ...nullableStrings.map((key) => `x = ${at(key)}; if (x !== null && typeof x !== 'string') return false;`),
    ...nullableInts.map((key) => `x = ${at(key)}; if (x !== null && !isSafeInteger(x)) return false;`)
  ]
  const fixed = new Function('hasOwn', 'isSafeInteger', `return function fixedFields(v) { let x; ${lines.join(' ')} return true; }`)(
    Object.hasOwn,
    Number.isSafeInteger
  ) as (v: Record<string, unknown>) => boolean
  return (v) => {
    if (!isPlainObject(v) || Object.getPrototypeOf(v) !== Object.prototype || Object.hasOwn(v, '__proto__')) return false
    if (!fixed(v)) return false
    for (const [key, accept, mayBeAbsent] of others) {
      if (!Object.hasOwn(v, key)) {
        if (mayBeAbsent) continue
        return false
      }
      if (!accept(v[key])) return false
    }
    return true
  }
}

function acceptorOf(schema: Inspectable): Accept | null {
  const def = schema._zod.def
  if (def.coerce === true) return null
  const checks = checksOf(def)
  if (checks === null) return null
  switch (def.type) {
    case 'string':
      return withChecks((v) => typeof v === 'string', checks)
    case 'number': {
      // z.int() is a number whose definition is itself a safeint check; a plain z.number() refuses
      // NaN and infinities, which JSON cannot carry anyway.
      const own = def as Def & { check?: string }
      const self = own.check === undefined ? null : checkOf(own as unknown as CheckDef)
      if (own.check !== undefined && self === null) return null
      const base: Accept = (v) => typeof v === 'number' && Number.isFinite(v)
      return withChecks(self === null ? base : (v) => base(v) && self(v), checks)
    }
    case 'literal': {
      const values = def.values ?? []
      if (!values.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return null
      return withChecks((v) => values.includes(v), checks)
    }
    case 'nullable': {
      const inner = def.innerType === undefined ? null : acceptorOf(def.innerType)
      if (inner === null || checks.length !== 0) return null
      return (v) => v === null || inner(v)
    }
    case 'optional': {
      // Present values only reach here (objectAcceptor handles absence); JSON has no undefined.
      const inner = def.innerType === undefined ? null : acceptorOf(def.innerType)
      if (inner === null || checks.length !== 0) return null
      return inner
    }
    case 'union': {
      const options = (def.options ?? []).map(acceptorOf)
      if (options.length === 0 || options.some((o) => o === null) || checks.length !== 0) return null
      const accepts = options as Accept[]
      return (v) => accepts.some((a) => a(v))
    }
    case 'unknown':
      return checks.length === 0 ? () => true : null
    case 'object':
      return objectAcceptor(def)
    default:
      return null
  }
}

/**
 * A predicate that answers true only for values `schema` passes and returns unchanged (deep-equal), or
 * null when the schema uses anything this module does not understand. False means "ask zod".
 */
export function compileAcceptor(schema: z.ZodType): Accept | null {
  return acceptorOf(schema as unknown as Inspectable)
}

/**
 * The fields of an object schema whose every passing value is a string, a safe integer or null, given back
 * as it is: required fields of those kinds (kindOf). A caller that lets this schema (or its acceptor) pass a
 * value need not look at these members itself: whatever they hold, the schema has checked all of it.
 */
export function scalarFields(schema: z.ZodType): ReadonlySet<string> {
  const def = (schema as unknown as Inspectable)._zod.def
  const out = new Set<string>()
  if (def.type !== 'object' || def.shape === undefined) return out
  for (const [key, field] of Object.entries(def.shape)) {
    if (field._zod.optin === undefined && kindOf(field) !== Kind.Other) out.add(key)
  }
  return out
}

