// A body parsed so that no number loses a digit: the exact parse, for every body (decode.ts has the whole
// path, and the quicker way a history page takes).
//
// Amount-like numbers (amount, inAmount, sending, receiving, receiveAmount, <x>Valume) carry six fractional digits and may
// exceed 2^53; JSON.parse would round them, and lossless-json's parse costs ~19× JSON.parse. So one linear
// scan finds the number tokens outside strings and wraps in quotes those that must stay exact: amount-keyed
// numbers always, other numbers where JSON.parse would not give their exact value. The rewritten text then
// goes to JSON.parse once. Because the rewrite is textual, document order, duplicate keys, integer-like keys
// that JSON.parse reorders, and look-alike text inside strings all come out right by construction. The scan
// also refuses what no caller should meet: a `__proto__` key, nesting past MAX_DEPTH, a huge number.
import { AppError } from '@shared/errors'
import { AMOUNT_FIELDS } from '@shared/schemas/wire'
import type { JsonValue } from '@shared/schemas/vault'

const AMOUNT_KEYS: ReadonlySet<string> = new Set<string>(AMOUNT_FIELDS)

/** The RFC 8259 number grammar: a token outside it is left alone so that JSON.parse rejects the body. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const SMALL_INT = /^-?\d{1,15}$/
/** The one key refused anywhere: an object built from it would have a prototype chosen by the service. */
const FORBIDDEN_KEY = '__proto__'
/**
 * Deepest nesting of arrays and objects a body may have. The service's deepest shape is a handful of
 * levels (envelope → data → list → record; a vault record's addresses); 64 leaves room for any vault
 * shape while a hostile body of 100,000 `[` is refused before it reaches a recursive validator, a
 * structured clone or JSON.stringify, each of which would overflow the stack on it.
 */
export const MAX_DEPTH = 64
/**
 * Longest number token read at all. Amount fields are further held to MAX_DECIMAL_DIGITS by their schema
 * (a per-field reason); a number of thousands of digits anywhere is hostile and refused here, before it
 * can cost seconds in a formatter or a megabyte line in a terminal.
 */
export const MAX_NUMBER_CHARS = 1000

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function tooDeep(): AppError {
  return new AppError({ kind: 'protocol', message: `the body nests arrays or objects deeper than ${MAX_DEPTH} levels` })
}

/** Keys whose numbers are amounts: always kept as their wire text, whatever their size. */
export function isAmountKey(key: string): boolean {
  return AMOUNT_KEYS.has(key) || (key.length > 6 && key.endsWith('Valume'))
}

/**
 * Whether a number token not under an amount key must reach the caller as its wire text: when JSON.parse
 * would not give its exact value (unsafe integers, fractions, exponents that are not whole safe integers).
 */
function mustKeepText(token: string): boolean {
  if (SMALL_INT.test(token)) return false
  const n = Number(token)
  if (!Number.isSafeInteger(n)) return true
  // A safe integer value written as "12" is exact; "1.0" or "1e3" is exact too, but "1.00000000000000001"
  // rounds to 1: compare the digits after removing the decimal point and exponent.
  if (!/[.eE]/.test(token)) return false
  return !sameValue(token, n)
}

/** Whether the decimal text `token` denotes exactly the safe integer n (checked with bigint arithmetic). */
function sameValue(token: string, n: number): boolean {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token)
  if (m === null) return false
  const exp = Number(m[4] ?? '0')
  const frac = m[3] ?? ''
  const scale = frac.length - exp
  if (scale > 400 || scale < -400) return false
  let units = BigInt(`${m[1]}${m[2]}${frac}`)
  let target = BigInt(n)
  if (scale >= 0) target *= 10n ** BigInt(scale)
  else units *= 10n ** BigInt(-scale)
  return units === target
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

function isNumberChar(c: number): boolean {
  // digits . + - e E
  return (c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69
}

function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end)
  if (raw.indexOf('\\') === -1) return raw
  try {
    return JSON.parse(text.slice(start, end + 1)) as string
  } catch {
    throw new AppError({ kind: 'protocol', message: 'the body is not valid JSON (bad escape in a key)' })
  }
}

/** isAmountKey for the key text between the quotes at `start` and `end`, without slicing it. */
function isAmountKeyAt(text: string, start: number, end: number, escaped: boolean): boolean {
  const length = end - start - 1
  if (escaped) return isAmountKey(keyText(text, start, end))
  switch (length) {
    case 6:
      return text.startsWith('amount', start + 1)
    case 7:
      if (text.startsWith('sending', start + 1)) return true
      break
    case 8:
      if (text.startsWith('inAmount', start + 1)) return true
      break
    case 9:
      if (text.startsWith('receiving', start + 1)) return true
      break
    case 13:
      if (text.startsWith('receiveAmount', start + 1)) return true
      break
  }
  return length > 6 && text.startsWith('Valume', end - 6)
}

/**
 * Rejects forbidden keys. Only keys that could spell one are decoded: "__proto__" is 9 characters, and an
 * escaped spelling ("\\u005f_proto__") contains a backslash.
 */
function checkKey(text: string, start: number, end: number, escaped: boolean): void {
  const length = end - start - 1
  if (length < 9) return
  if (escaped ? length === 9 : length !== 9 || text.charCodeAt(start + 1) !== 95) return
  const key = keyText(text, start, end)
  if (key === FORBIDDEN_KEY) {
    throw new AppError({ kind: 'protocol', message: `the body contains the forbidden key "${key}"` })
  }
}

/**
 * Rewrites `text` so that every number that must stay exact is a JSON string, and rejects forbidden keys.
 * Returns the text unchanged when nothing needed quoting.
 */
export function quoteExactNumbers(text: string): string {
  // A string without any escape, most keys and values, ends at the next quote when no backslash comes
  // first (String#indexOf, at native speed). Any other string is matched whole from its opening quote by the
  // unrolled loop: linear even on an unterminated one (no nested quantifiers to backtrack through), and the
  // regex engine skips long string bodies, most of a history page (the escaped detail strings), far faster
  // than a JavaScript loop. A sticky regex carries its position: each scan makes its own.
  const escapedString = /"[^"\\]*(?:\\.[^"\\]*)*"/y
  let backslash = text.indexOf('\\')
  const pieces: string[] = []
  let last = 0
  // The key before the current value, as bounds into `text`: sliced only when a number follows.
  let keyStart = 0
  let keyEnd = 0
  let keyEscaped = false
  let afterColon = false
  let depth = 0
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 91 || c === 123) {
      if (++depth > MAX_DEPTH) throw tooDeep()
    } else if (c === 93 || c === 125) depth--
    if (c === 34) {
      if (backslash !== -1 && backslash < i) backslash = text.indexOf('\\', i)
      const close = text.indexOf('"', i + 1)
      const escaped = close === -1 || (backslash !== -1 && backslash < close)
      escapedString.lastIndex = i
      const end = !escaped ? close : escapedString.test(text) ? escapedString.lastIndex - 1 : -1
      if (end === -1) break // unterminated: JSON.parse reports it
      let j = end + 1
      while (j < n && isWhitespace(text.charCodeAt(j))) j++
      if (text.charCodeAt(j) === 58) {
        keyStart = i
        keyEnd = end
        keyEscaped = escaped
        checkKey(text, i, end, keyEscaped)
        afterColon = true
        i = j + 1
      } else {
        afterColon = false
        i = end + 1
      }
      continue
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1
      let plainDigits = true // no '.', exponent or sign after the first character
      for (; j < n; j++) {
        const d = text.charCodeAt(j)
        if (d >= 48 && d <= 57) continue
        if (!isNumberChar(d)) break
        plainDigits = false
      }
      // Fast path, most numbers on the wire: a short integer under a key that is not an amount.
      const amountKey = afterColon && isAmountKeyAt(text, keyStart, keyEnd, keyEscaped)
      if (plainDigits && j - i <= 15 && !amountKey) {
        afterColon = false
        i = j
        continue
      }
      if (j - i > MAX_NUMBER_CHARS) {
        throw new AppError({ kind: 'protocol', message: `the body holds a number of ${j - i} characters (at most ${MAX_NUMBER_CHARS} are read)` })
      }
      const token = text.slice(i, j)
      if (JSON_NUMBER.test(token) && (amountKey || mustKeepText(token))) {
        pieces.push(text.slice(last, i), '"', token, '"')
        last = j
      }
      afterColon = false
      i = j
      continue
    }
    if (!isWhitespace(c)) afterColon = false
    i++
  }
  if (pieces.length === 0) return text
  pieces.push(text.slice(last))
  return pieces.join('')
}

/**
 * Parses a JSON body; amount-like and otherwise inexact numbers come back as their exact wire text
 * (strings), everything else as JSON.parse gives it. Throws AppError('protocol') for anything that is
 * not JSON, with a short reason and never a parser stack.
 */
export function parseLossless(text: string): JsonValue {
  const rewritten = quoteExactNumbers(text)
  try {
    return JSON.parse(rewritten) as JsonValue
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'parse failed'
    throw new AppError({ kind: 'protocol', message: `the body is not valid JSON (${shorten(reason)})` })
  }
}

/**
 * Turns an HTTP body's text into JSON, or a 'protocol' error naming the status; never a parser stack. Here
 * rather than in http.ts so that the decode path (decode.ts) reads a body without calling back into the
 * module that fetched it.
 */
export function parseBody(text: string, operation: string, status: number, contentType: string | null): JsonValue {
  const head = text.trimStart()
  if (head === '') {
    throw new AppError({ kind: 'protocol', operation, code: status, message: `HTTP ${status}: the service sent an empty body` })
  }
  if (head.startsWith('<') || (contentType ?? '').includes('html')) {
    throw new AppError({
      kind: 'protocol',
      operation,
      code: status,
      message: `HTTP ${status}: the service sent an HTML page instead of JSON`
    })
  }
  try {
    return parseLossless(text)
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'the body is not valid JSON'
    throw new AppError({ kind: 'protocol', operation, code: status, message: `HTTP ${status}: ${reason}` })
  }
}

function shorten(s: string): string {
  return s.length > 120 ? `${s.slice(0, 120)}…` : s
}
