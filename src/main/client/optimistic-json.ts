// The text half of the optimistic queryHistory decode (see fast-history.ts): find the amounts by searching
// for their keys, instead of tokenising the whole body as quoteExactNumbers does.
//
// A 20 MB page is ~1M tokens but only ~30,000 amounts, and tokenising cost about as much as JSON.parse
// itself. What makes a search sound is that, in valid JSON, a `"` is a string's
// delimiter exactly when an even number of backslashes precedes it, and text between two delimiters that
// is not a string can only be whitespace, punctuation, numbers and literals. So `amount"` followed by `:`
// is always the end of a key (the letters cannot stand outside a string), and its opening quote is found by
// the parity rule. An invalid body stays invalid after rewriting (only whole tokens in value positions are
// replaced, by tokens of the same grammatical kind), so JSON.parse still refuses it.
//
// Amounts are quoted, so they reach zod as their exact wire text. (Taking the detail strings out as well,
// three quarters of the bytes, was measured and bought nothing: JSON.parse's cost is in the values it
// builds, not in the bytes of long strings.)
//
// What the search cannot vouch for it reports by returning null, and the caller takes the exact path: a
// dot or a negative exponent that may belong to a number outside the strings (a fraction that JSON.parse
// would round), and an amount token longer than MAX_NUMBER_CHARS (which the exact path refuses with its
// reason). Keys spelled with \u escapes are not found here; fast-history.ts notices what they would change.
import { MAX_NUMBER_CHARS } from './lossless-json'

/**
 * The searches, by a key's last characters: `mount"` ends amount and inAmount, `Valume"` the stable value.
 * They start with characters that are rare in a body (String#indexOf skips to candidates of the first
 * character), where `"amount"` itself cost four times as much: quotes are everywhere. sending and receiving
 * (spec 2.6) are not history fields: where one turns up, its number is left to JSON.parse, and the checks
 * on the parsed value send the page to the exact path.
 */
const MOUNT = 'mount"'
const SUFFIX = 'Valume'

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

function isNumberChar(c: number): boolean {
  return isDigit(c) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69
}

/** Whether the character at `at` is preceded by an odd run of backslashes (so it is escaped). */
function isEscaped(text: string, at: number): boolean {
  let k = at - 1
  while (k >= 0 && text.charCodeAt(k) === 92) k--
  return (at - 1 - k) % 2 === 1
}

/** Characters that may stand outside strings in JSON: whitespace, punctuation, numbers, true/false/null. */
function mayStandOutside(c: number): boolean {
  if (isWhitespace(c) || isNumberChar(c)) return true
  switch (c) {
    case 44: // ,
    case 58: // :
    case 91: // [
    case 93: // ]
    case 123: // {
    case 125: // }
    case 97: // a
    case 102: // f
    case 108: // l
    case 110: // n
    case 114: // r
    case 115: // s
    case 116: // t
    case 117: // u
      return true
    default:
      return false
  }
}

/**
 * Whether position `at` is certainly inside a string. The nearest quote before it decides: an escaped one
 * leaves us inside its string; a delimiter followed by text that cannot stand outside strings must have
 * opened one. Otherwise we cannot tell without tokenising, and answer false.
 */
function surelyInString(text: string, at: number): boolean {
  const q = text.lastIndexOf('"', at - 1)
  if (q === -1) return false
  if (isEscaped(text, q)) return true
  for (let k = q + 1; k < at; k++) if (!mayStandOutside(text.charCodeAt(k))) return true
  return false
}

function digitsFrom(text: string, at: number): number {
  while (isDigit(text.charCodeAt(at))) at++
  return at
}

/**
 * End (exclusive) of the JSON number token starting at `start`: -1 when none starts there, -2 when the
 * number characters there do not make a valid JSON number (JSON.parse refuses the body; left alone).
 */
function numberEnd(text: string, start: number): number {
  let k = start
  if (text.charCodeAt(k) === 45) k++
  const first = text.charCodeAt(k)
  if (!isDigit(first)) return k === start ? -1 : -2
  k = first === 48 ? k + 1 : digitsFrom(text, k + 1)
  if (text.charCodeAt(k) === 46) {
    const f = digitsFrom(text, k + 1)
    if (f === k + 1) return -2
    k = f
  }
  const e = text.charCodeAt(k)
  if (e === 101 || e === 69) {
    let x = k + 1
    const sign = text.charCodeAt(x)
    if (sign === 43 || sign === 45) x++
    const d = digitsFrom(text, x)
    if (d === x) return -2
    k = d
  }
  return isNumberChar(text.charCodeAt(k)) ? -2 : k
}

/** Index of the first non-whitespace character after the key ending at `close` and its colon, or -1. */
function valueAfterKey(text: string, close: number): number {
  let j = close + 1
  while (isWhitespace(text.charCodeAt(j))) j++
  if (text.charCodeAt(j) !== 58) return -1
  j++
  while (isWhitespace(text.charCodeAt(j))) j++
  return j
}

/** The closing quotes of the amount, inAmount and `<x>Valume` keys spelled without \u escapes, ascending. */
function amountKeyEnds(text: string): Int32Array {
  const mounts: number[] = []
  for (let at = text.indexOf(MOUNT); at !== -1; at = text.indexOf(MOUNT, at + 1)) {
    // "amount" or "inAmount", with an opening quote that is a delimiter (an escaped one makes the key longer).
    const a = text.charCodeAt(at - 1)
    const open = a === 97 ? at - 2 : a === 65 && text.charCodeAt(at - 2) === 110 && text.charCodeAt(at - 3) === 105 ? at - 4 : -1
    if (open >= 0 && text.charCodeAt(open) === 34 && !isEscaped(text, open)) mounts.push(at + MOUNT.length - 1)
  }
  const valumes: number[] = []
  const needle = `${SUFFIX}"`
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    // The key must be longer than the suffix: not `"Valume"` with a real opening quote.
    if (text.charCodeAt(at - 1) === 34 && !isEscaped(text, at - 1)) continue
    valumes.push(at + needle.length - 1)
  }
  // Both lists are ascending: merged, not sorted.
  const out = new Int32Array(mounts.length + valumes.length)
  let m = 0
  let v = 0
  for (let o = 0; o < out.length; o++) {
    out[o] = v >= valumes.length || (m < mounts.length && (mounts[m] as number) < (valumes[v] as number)) ? (mounts[m++] as number) : (valumes[v++] as number)
  }
  return out
}

/**
 * The amount numbers found: ascending, disjoint [start, end) ranges of the text, each with the position of
 * its key's closing quote (for a caller that matches numbers to parsed keys).
 *
 * Plain arrays in an object literal rather than a class: an optimised function stays valid only while the
 * object shapes it was specialised to live, and a class instance's shape dies with its last instance at a
 * full collection, so every decode after one ran unoptimised. An object literal's shape is kept by the code
 * that creates it.
 */
export interface AmountSpans {
  readonly text: string
  /** how many spans: the arrays may be longer */
  count: number
  readonly starts: Int32Array
  readonly ends: Int32Array
  readonly keyCloses: Int32Array
}

/** Whether span `i`'s key, as written between its quotes, is `key` (a key spelled with an escape never is). */
export function spanKeyIs(spans: AmountSpans, i: number, key: string): boolean {
  const text = spans.text
  const open = (spans.keyCloses[i] as number) - key.length - 1
  return text.charCodeAt(open) === 34 && text.startsWith(key, open + 1) && !isEscaped(text, open)
}

/** Span `i`'s number as written. */
export function spanText(spans: AmountSpans, i: number): string {
  return spans.text.slice(spans.starts[i], spans.ends[i])
}

/** The amount numbers, ascending; null when one is longer than the exact path reads. */
function amountSpans(text: string): AmountSpans | null {
  const closes = amountKeyEnds(text)
  const spans: AmountSpans = { text, count: 0, starts: new Int32Array(closes.length), ends: new Int32Array(closes.length), keyCloses: closes }
  for (let i = 0; i < closes.length; i++) {
    const close = closes[i] as number
    const start = valueAfterKey(text, close)
    // A malformed token is left alone: JSON.parse refuses the body, as the exact path would.
    const end = start === -1 ? -1 : numberEnd(text, start)
    if (end < 0) continue
    if (end - start > MAX_NUMBER_CHARS) return null
    // keyCloses is filled in place: it never runs ahead of the index read from.
    closes[spans.count] = close
    spans.starts[spans.count] = start
    spans.ends[spans.count++] = end
  }
  return spans
}

/**
 * Fewest digits a number with a fraction needs before JSON.parse can round it to a whole number it does not
 * denote. With at most 15 digits, a value that is not whole lies further from every whole number than half
 * the spacing of doubles near it, so JSON.parse gives a value that is not whole either, and the checks on
 * the parsed value (safe integers only, fast-history.ts) send the page to the exact path.
 */
const ROUNDABLE_DIGITS = 16

/** Whether the token at `s` follows what a number outside strings can follow: whitespace, ':', ',' or '['. */
function followsValueStart(text: string, s: number): boolean {
  if (s === 0) return true
  const before = text.charCodeAt(s - 1)
  return isWhitespace(before) || before === 58 || before === 44 || before === 91
}

/**
 * Whether some number outside the strings, other than the amounts, has a fraction JSON.parse could round to
 * a whole number (see ROUNDABLE_DIGITS) or a negative exponent (1e-400 parses as 0). Positive exponents
 * without a fraction denote whole numbers, which JSON.parse gives exactly or not as a safe integer at all
 * (fast-history.ts checks those on the parsed value). Most dots of a body are in URLs inside strings, and
 * fail the first character tests.
 */
function mayHoldInexactNumber(text: string, amounts: AmountSpans): boolean {
  let a = 0
  for (let at = text.indexOf('.'); at !== -1; at = text.indexOf('.', at + 1)) {
    if (!isDigit(text.charCodeAt(at - 1))) continue
    // Back over the whole part, then count the fraction: few digits cannot round to a whole number.
    let s = at - 1
    while (s > 0 && isDigit(text.charCodeAt(s - 1))) s--
    let e = at + 1
    while (isDigit(text.charCodeAt(e))) e++
    if (at - s + (e - at - 1) < ROUNDABLE_DIGITS) continue
    while (a < amounts.count && (amounts.ends[a] as number) <= at) a++
    if (a < amounts.count && (amounts.starts[a] as number) <= at) continue
    if (s > 0 && text.charCodeAt(s - 1) === 45) s--
    // Anything else before the token means a string, or a body JSON.parse refuses anyway.
    if (followsValueStart(text, s) && !surelyInString(text, s)) return true
  }
  // '-' rather than 'e-': String#indexOf is fast for a rare first character, and 'e' is everywhere.
  a = 0
  for (let at = text.indexOf('-'); at !== -1; at = text.indexOf('-', at + 1)) {
    const mark = at - 1
    if ((text.charCodeAt(mark) | 32) !== 101 || !isDigit(text.charCodeAt(mark - 1))) continue
    while (a < amounts.count && (amounts.ends[a] as number) <= at) a++
    if (a < amounts.count && (amounts.starts[a] as number) <= at) continue
    // Back over the digits and a fraction to where the token would start.
    let s = mark - 1
    while (s > 0 && (isDigit(text.charCodeAt(s - 1)) || text.charCodeAt(s - 1) === 46)) s--
    if (s > 0 && text.charCodeAt(s - 1) === 45) s--
    if (followsValueStart(text, s) && !surelyInString(text, s)) return true
  }
  return false
}

/**
 * The amount-keyed numbers of `text`, or null when only the exact scan (quoteExactNumbers) can say what the
 * body holds.
 */
export function findAmounts(text: string): AmountSpans | null {
  const amounts = amountSpans(text)
  return amounts === null || mayHoldInexactNumber(text, amounts) ? null : amounts
}

/** `text` with every amount found turned into a JSON string of its exact wire text. */
export function quoteAmounts(amounts: AmountSpans): string {
  const text = amounts.text
  // Concatenation, not an array join: V8 builds a rope in constant time per piece and JSON.parse flattens
  // it with one copy, where join copied the text at several times that cost.
  let out = ''
  let last = 0
  for (let a = 0; a < amounts.count; a++) {
    const start = amounts.starts[a] as number
    const end = amounts.ends[a] as number
    out += `${text.slice(last, start)}"${text.slice(start, end)}"`
    last = end
  }
  return last === 0 ? text : out + text.slice(last)
}
