// Lossless JSON parsing at JSON.parse speed.
//
// Amount-like numbers (amount, inAmount, sending, receiving, <x>Valume) carry six fractional digits and may
// exceed 2^53; JSON.parse would round them. lossless-json's parse keeps them but costs ~19× JSON.parse
// (STACK-NOTES), over the ≤3× decode budget. So we do one linear scan over the text that finds the number
// tokens outside strings, wraps in quotes those that must stay exact, and then hand the rewritten text
// to JSON.parse once. Because the rewrite is textual, document order, duplicate keys, integer-like keys
// that JSON.parse reorders, and look-alike text inside strings all come out right by construction.
import { AppError } from '../../shared/errors'
import { AMOUNT_FIELDS } from '../../shared/schemas/wire'
import type { JsonValue } from '../../shared/schemas/vault'

const AMOUNT_KEYS: ReadonlySet<string> = new Set<string>(AMOUNT_FIELDS)

/** The RFC 8259 number grammar: a token outside it is left alone so that JSON.parse rejects the body. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const SMALL_INT = /^-?\d{1,15}$/
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__'])

/** Keys whose numbers are amounts: always kept as their wire text, whatever their size. */
export function isAmountKey(key: string): boolean {
  return AMOUNT_KEYS.has(key) || (key.length > 6 && key.endsWith('Valume'))
}

/**
 * Whether a number token must reach the caller as its wire text: amount-like keys always; other numbers
 * when JSON.parse would not give their exact value (unsafe integers, fractions, exponents that are not
 * whole safe integers).
 */
function mustKeepText(token: string, key: string | null): boolean {
  if (key !== null && isAmountKey(key)) return true
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

/** Index of the closing quote of the string opening at `start`, or -1 when unterminated. */
function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1)
  while (j !== -1) {
    let k = j - 1
    while (text.charCodeAt(k) === 92) k--
    // An even number of backslashes before the quote: it closes the string.
    if ((j - 1 - k) % 2 === 0) return j
    j = text.indexOf('"', j + 1)
  }
  return -1
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

/**
 * Rewrites `text` so that every number that must stay exact is a JSON string, and rejects forbidden keys.
 * Returns the text unchanged when nothing needed quoting.
 */
export function quoteExactNumbers(text: string): string {
  const pieces: string[] = []
  let last = 0
  let key: string | null = null
  let afterColon = false
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      const end = stringEnd(text, i)
      if (end === -1) break // unterminated: JSON.parse reports it
      let j = end + 1
      while (j < n && isWhitespace(text.charCodeAt(j))) j++
      if (text.charCodeAt(j) === 58) {
        key = keyText(text, i, end)
        if (FORBIDDEN_KEYS.has(key)) {
          throw new AppError({ kind: 'protocol', message: `the body contains the forbidden key "${key}"` })
        }
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
      while (j < n && isNumberChar(text.charCodeAt(j))) j++
      const token = text.slice(i, j)
      if (JSON_NUMBER.test(token) && mustKeepText(token, afterColon ? key : null)) {
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

function shorten(s: string): string {
  return s.length > 120 ? `${s.slice(0, 120)}…` : s
}
