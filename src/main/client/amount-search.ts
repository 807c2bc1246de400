// A history body's amounts, found by searching for their keys and handed to JSON.parse's records: the quick
// way decode.ts takes for a queryHistory body, which must give exactly what the exact scan (lossless-json.ts)
// gives, or stand aside.
//
// The text half. A 20 MB history page is ~1M tokens but only ~30,000 amounts, and tokenising in JavaScript
// cost about as much as JSON.parse itself; String#indexOf skips through the text at native speed. What makes
// a search sound is that, in valid JSON, a `"` is a string's delimiter exactly when an even number of
// backslashes precedes it, and text between two delimiters that is not a string can only be whitespace,
// punctuation, numbers and literals. So a delimiter followed by `:` ends a key (or opens a string that starts
// with one: counted too, and a count too high only sends the body to the scan), and the search goes
// from colon to colon (every key is counted on the way), reading an amount key's letters back from its
// closing quote and finding its opening quote by the parity rule; the value after every key is looked at
// when it is a number. What the search cannot vouch for it reports by answering null: a member's number with
// a fraction or a negative exponent that JSON.parse could round to a whole number (no check on the parsed
// value could see it), an amount longer than MAX_NUMBER_CHARS (which the scan refuses with its reason).
//
// Butter's bodies take a second search, findAmountKeys, at about half the cost: their strings seldom hold a `{`
// or `[` (their chains and tokens nest as objects, not JSON strings), so the amount keys are searched for by
// name, the text's `{` and `[` are counted in place of its keys, and the numbers JSON.parse may have rounded
// are looked for by the passes over the text's dots and dashes once the walk is done. The original dialect's
// detail strings are full of braces: its bodies take the search over every key.
//
// The value half. The body goes to JSON.parse as it is, and each amount number of a record gets back the
// text it was written with, matched by order: records in list order, a record's members in their order,
// which is the text's because no key repeats (the text must hold as many keys as the parsed objects: a
// repeated key keeps its first place with its last value, and the value it drops would go unseen). Each match
// must be under the same key and every number found must be used: an amount key the search cannot read (one
// spelled with an escape; sending and receiving, not searched for) leaves a number without its text. Any
// amount anywhere else (in the envelope, nested in a member) is refused, as is any number JSON.parse may have
// rounded, a `__proto__` key and nesting past MAX_DEPTH (the scan refuses those two). The search looks at the
// numbers of members only; a walk that meets a number in an array has the whole text searched for the rest.
import { MAX_DEPTH, MAX_NUMBER_CHARS, isAmountKey, isPlainObject } from './lossless-json'

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

/** digits . + - e E */
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

/**
 * A span's key as the search read it: amount, inAmount, receiveAmount (Butter's received amount) or a
 * `<x>Valume` (SPAN_KEY masks it), and a flag.
 */
export const SPAN_AMOUNT = 1
export const SPAN_IN_AMOUNT = 2
const SPAN_VALUME = 3
export const SPAN_RECEIVE_AMOUNT = 4
export const SPAN_KEY = 7
/** The span's number is digits alone (a sign before them at most): no fraction, no exponent. */
export const SPAN_DIGITS = 8

/**
 * Which amount key, if any, the key whose closing quote is at `close` (a delimiter) is: SPAN_AMOUNT,
 * SPAN_IN_AMOUNT or SPAN_VALUME as written, without \u escapes (an amount key written with one has no number
 * found, and the walk then leaves the body to the exact scan); 0 for any other. sending and receiving are not
 * history fields: where one turns up in a history body, its number has no text found either.
 */
function amountKeyAt(text: string, close: number): number {
  // The last letters first: most numbers' keys end otherwise (type, state), and String#startsWith is a call.
  const last = text.charCodeAt(close - 1)
  if (last === 116) return text.charCodeAt(close - 5) === 109 && text.startsWith('mount', close - 5) ? amountKeyBefore(text, close - 5) : 0
  // Longer than the suffix: not `"Valume"` with a real opening quote.
  return last === 101 && text.charCodeAt(close - 6) === 86 && text.startsWith('Valume', close - 6) && !(text.charCodeAt(close - 7) === 34 && !isEscaped(text, close - 7)) ? SPAN_VALUME : 0
}

/**
 * Which key `mount` at `m` ends: SPAN_AMOUNT for "amount", SPAN_IN_AMOUNT for "inAmount", SPAN_RECEIVE_AMOUNT
 * for "receiveAmount", its opening quote a delimiter (an escaped one makes the key longer); 0 for any other.
 */
function amountKeyBefore(text: string, m: number): number {
  const a = text.charCodeAt(m - 1)
  let open = -1
  let kind = 0
  if (a === 97) {
    open = m - 2
    kind = SPAN_AMOUNT
  } else if (a === 65) {
    if (text.charCodeAt(m - 2) === 110 && text.charCodeAt(m - 3) === 105) {
      open = m - 4
      kind = SPAN_IN_AMOUNT
    } else if (text.charCodeAt(m - 2) === 101 && text.startsWith('receive', m - 8)) {
      open = m - 9
      kind = SPAN_RECEIVE_AMOUNT
    }
  }
  if (open < 0 || text.charCodeAt(open) !== 34 || isEscaped(text, open)) return 0
  return kind
}

/**
 * The amount numbers found: ascending, disjoint [start, end) ranges of the text, each with the position of
 * its key's closing quote (to match a number with the key it was parsed under) and its kind (SPAN_*); and
 * what the walk's own count must come to for nothing of the text to have gone unseen: how many keys the text
 * holds, every object's counted (findAmounts), or how many `{` and `[` it holds (findAmountKeys).
 */
export interface AmountSpans {
  readonly text: string
  /** the text's keys, or -1 where its containers are counted instead */
  readonly keys: number
  /** the text's `{` and `[`, strings' included, or -1 where its keys are counted instead */
  readonly containers: number
  readonly starts: number[]
  readonly ends: number[]
  readonly keyCloses: number[]
  readonly kinds: number[]
}

/** Whether span `i`'s key, as written between its quotes, is `key`. */
export function spanKeyIs(spans: AmountSpans, i: number, key: string): boolean {
  const text = spans.text
  const open = (spans.keyCloses[i] as number) - key.length - 1
  return text.charCodeAt(open) === 34 && text.startsWith(key, open + 1) && !isEscaped(text, open)
}

/** Span `i`'s number as written. */
export function spanText(spans: AmountSpans, i: number): string {
  return spans.text.slice(spans.starts[i], spans.ends[i])
}

/**
 * Fewest digits a number with a fraction needs before JSON.parse can round it to a whole number it does not
 * denote. With at most 15 digits, a value that is not whole lies further from every whole number than half
 * the spacing of doubles near it, so JSON.parse gives a value that is not whole either, and the check on the
 * parsed value (safe integers only) sends the body to the exact scan.
 */
const ROUNDABLE_DIGITS = 16

/**
 * Whether the number token at `start` (a member's value) has a fraction JSON.parse could round to a whole
 * number (see ROUNDABLE_DIGITS) or a negative exponent (1e-400 parses as 0): no check on the parsed value
 * could see either. Positive exponents without a fraction denote whole numbers, which JSON.parse gives
 * exactly or not as a safe integer at all (the check on the parsed value sees those).
 */
function mayBeInexact(text: string, start: number): boolean {
  let k = start
  if (text.charCodeAt(k) === 45) k++
  const first = k
  while (isDigit(text.charCodeAt(k))) k++
  let c = text.charCodeAt(k)
  if (c === 46) {
    const dot = k
    k = digitsFrom(text, k + 1)
    if (k - first - 1 >= ROUNDABLE_DIGITS) return true
    c = text.charCodeAt(k)
    if (k === dot + 1) return false // "1." : JSON.parse refuses the body
  }
  return (c === 101 || c === 69) && text.charCodeAt(k + 1) === 45
}

/**
 * The amount numbers of `text` (every key spelled amount, inAmount or `<x>Valume` outside the strings having
 * its number found), the text's keys counted and every other member's number looked at, in one pass over its
 * colons; null when only the exact scan can say what the body holds: an amount longer than MAX_NUMBER_CHARS,
 * or another member's number JSON.parse could round to a whole number. A `:` after a string's closing quote
 * (whitespace between allowed) ends a key, and one after a quote that is escaped is inside a string; the value
 * after a key is looked at only when it starts like a number. Compared with the keys of the parsed objects,
 * the count tells whether any key is repeated in an object: JSON.parse keeps the last value of a repeated
 * key, and the value it drops is never seen by the walk, whatever it holds. The numbers the walk does see are
 * members' values, all looked at here, or array elements, which make the walk search the whole text
 * (walkComplete): so a body without them needs no pass over the text's dots and dashes (those cost ~2.5 ms a
 * 100-page run, a fifth of the search).
 */
export function findAmounts(text: string): AmountSpans | null {
  const spans: SpanLists = { starts: [], ends: [], keyCloses: [], kinds: [] }
  let keys = 0
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    let q = at - 1
    let c = text.charCodeAt(q)
    if (c !== 34) {
      if (!isWhitespace(c)) continue
      do c = text.charCodeAt(--q)
      while (isWhitespace(c))
      if (c !== 34) continue
    }
    // A backslash right before the quote is the common case to rule out, inside a detail string.
    if (text.charCodeAt(q - 1) === 92 && isEscaped(text, q)) continue
    keys++
    let start = at + 1
    let v = text.charCodeAt(start)
    if (!isDigit(v) && v !== 45) {
      if (!isWhitespace(v)) continue
      do v = text.charCodeAt(++start)
      while (isWhitespace(v))
      if (!isDigit(v) && v !== 45) continue
    }
    // Most numbers are whole: their digits, then what cannot go on a number. Written out rather than left to
    // a helper, which V8 did not inline (~1.5 ms of the ~10 a 100-page run spends here).
    let k = start + 1
    let after = text.charCodeAt(k)
    while (after >= 48 && after <= 57) after = text.charCodeAt(++k)
    const whole = after !== 46 && after !== 101 && after !== 69 && isDigit(text.charCodeAt(k - 1))
    const kind = amountKeyAt(text, q)
    if (kind === 0) {
      if (!whole && mayBeInexact(text, start)) return null
      continue
    }
    if (!addSpan(spans, text, start, k, whole, q, kind)) return null
  }
  return { text, keys, containers: -1, ...spans }
}

/** The spans a search has found so far. */
type SpanLists = Pick<AmountSpans, 'starts' | 'ends' | 'keyCloses' | 'kinds'>

/**
 * Adds the amount number at `start` (its digits running to `k`, the whole token when `whole`) found under the
 * key whose closing quote is at `q`; false when it is longer than MAX_NUMBER_CHARS (the scan refuses it with
 * its reason). A malformed token is left alone: JSON.parse refuses the body, as the exact scan would.
 */
function addSpan(spans: SpanLists, text: string, start: number, k: number, whole: boolean, q: number, kind: number): boolean {
  const end = whole ? k : numberEnd(text, start)
  if (end < 0) return true
  if (end - start > MAX_NUMBER_CHARS) return false
  spans.starts.push(start)
  spans.ends.push(end)
  spans.keyCloses.push(q)
  spans.kinds.push(whole ? kind | SPAN_DIGITS : kind)
  return true
}

/**
 * What findAmounts finds, for a body whose strings seldom hold `{` or `[` (Butter's, whose records nest their
 * chains and tokens as objects rather than JSON strings), at about half its cost: the amount keys are searched
 * for by name (`mount"`: amount and inAmount; `Valume"`) rather than every key visited, and instead of the
 * keys the text's `{` and `[` are counted, each a container JSON.parse made or text inside a string. A walk
 * that met as many containers met them all: a container a repeated key dropped (with a `__proto__` key or
 * nesting past MAX_DEPTH in it, which the scan refuses) would have to be matched by one fewer in the strings,
 * and there are never fewer than none. A repeated key's dropped scalar hides nothing the scan would refuse
 * or give otherwise, as long as the search reads every spelling of an amount key: one repeated is then found
 * twice and leaves a span unused, and an amount key written with a `\u` escape sends the body to the exact
 * path (escapedAmountKey). Members' numbers are not looked at on the way: the walk is completed by the pass over
 * the text's dots and dashes that finds any number JSON.parse may have rounded (walkComplete). A key so
 * found is one: `"amount"` between two quotes that are delimiters is a string in valid JSON, and one followed
 * by `:` is a key (JSON.parse refuses any other text, and the body with it).
 */
export function findAmountKeys(text: string): AmountSpans | null {
  const spans: SpanLists = { starts: [], ends: [], keyCloses: [], kinds: [] }
  // Valume keys are rare (Butter sends none): their closing quotes, ascending, merged into the main search's.
  const valumes: number[] = []
  for (let at = text.indexOf('Valume"'); at !== -1; at = text.indexOf('Valume"', at + 7)) valumes.push(at + 6)
  let v = 0
  let at = text.indexOf('mount"')
  while (at !== -1 || v < valumes.length) {
    // The next closing quote of either search, in the text's order.
    let q: number
    let kind: number
    if (at !== -1 && (v >= valumes.length || at + 5 < (valumes[v] as number))) {
      q = at + 5
      kind = amountKeyBefore(text, at)
      at = text.indexOf('mount"', at + 6)
    } else {
      q = valumes[v++] as number
      kind = amountKeyAt(text, q)
    }
    // A letter before the closing quote: it is not escaped, so it ends a string; the opening one was checked.
    if (kind === 0) continue
    let colon = q + 1
    let c = text.charCodeAt(colon)
    while (isWhitespace(c)) c = text.charCodeAt(++colon)
    if (c !== 58) continue
    let start = colon + 1
    c = text.charCodeAt(start)
    while (isWhitespace(c)) c = text.charCodeAt(++start)
    if (!isDigit(c) && c !== 45) continue
    let k = start + 1
    let after = text.charCodeAt(k)
    while (after >= 48 && after <= 57) after = text.charCodeAt(++k)
    const whole = after !== 46 && after !== 101 && after !== 69 && isDigit(text.charCodeAt(k - 1))
    if (!addSpan(spans, text, start, k, whole, q, kind)) return null
  }
  if (escapedAmountKey(text)) return null
  return { text, keys: -1, containers: occurrences(text, '{') + occurrences(text, '['), ...spans }
}

/**
 * Whether an amount key of the text is written with a `\u` escape. The search by name cannot read such a key,
 * and the count of containers cannot see it repeated: `"amount":0, "\u0061mount":5` parses to one amount of 5
 * with the text "0" found for it. Every `\u` stands inside a string, which runs from the last delimiter quote
 * before it to the next one after it; a string followed by `:` is a key, read here as JSON.parse reads it.
 * Keys are seldom written with escapes: a body whose amount key has one takes the exact path.
 */
function escapedAmountKey(text: string): boolean {
  for (let at = text.indexOf('\\u'); at !== -1; ) {
    let close = text.indexOf('"', at + 2)
    while (close !== -1 && isEscaped(text, close)) close = text.indexOf('"', close + 1)
    // No end to the string: JSON.parse refuses the body.
    if (close === -1) return true
    let c = close + 1
    while (isWhitespace(text.charCodeAt(c))) c++
    if (text.charCodeAt(c) === 58) {
      let open = text.lastIndexOf('"', at)
      while (open > 0 && isEscaped(text, open)) open = text.lastIndexOf('"', open - 1)
      let key: unknown
      try {
        key = JSON.parse(text.slice(open, close + 1))
      } catch {
        return true
      }
      if (typeof key !== 'string' || isAmountKey(key)) return true
    }
    at = text.indexOf('\\u', close + 1)
  }
  return false
}

/** How many times `mark` (one character) stands in `text`. */
function occurrences(text: string, mark: string): number {
  let n = 0
  for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) n++
  return n
}

/** Whether the token at `s` follows what a number outside strings can follow: whitespace, ':', ',' or '['. */
function followsValueStart(text: string, s: number): boolean {
  if (s === 0) return true
  const before = text.charCodeAt(s - 1)
  return isWhitespace(before) || before === 58 || before === 44 || before === 91
}

/**
 * mayBeInexact for every number outside the strings, other than the amounts, members' or not: the check for a
 * body whose numbers the search did not look at (findAmountKeys), or whose walk met a number in an array. Such
 * a number has a fraction of ROUNDABLE_DIGITS digits or more, counted with its whole part, or a '-' after an
 * exponent's 'e', so two passes over the text's dots and dashes find every one. '-' rather than 'e-':
 * String#indexOf is fast for a rare first character, and 'e' is everywhere. Most dots of a body are in URLs
 * and addresses inside strings ("127.0.0.1"): their digits are counted and the search goes on after them.
 */
function mayHoldInexactNumber(text: string, amounts: AmountSpans): boolean {
  return longFractionOutside(text, amounts) || negativeExponentOutside(text, amounts)
}

/** The dots' pass: a '.' with ROUNDABLE_DIGITS digits or more about it, in a number outside the strings. */
function longFractionOutside(text: string, amounts: AmountSpans): boolean {
  const a = { next: 0 }
  for (let at = text.indexOf('.'); at !== -1; at = text.indexOf('.', at + 1)) {
    let f = at + 1
    while (isDigit(text.charCodeAt(f))) f++
    if (f === at + 1) continue
    let s = at
    while (s > 0 && isDigit(text.charCodeAt(s - 1))) s--
    if (f - s - 1 < ROUNDABLE_DIGITS || s === at) {
      at = f - 1
      continue
    }
    if (s > 0 && text.charCodeAt(s - 1) === 45) s--
    if (standsOutside(text, amounts, a, s, at)) return true
  }
  return false
}

/** The dashes' pass: an exponent's '-' (every one of which JSON.parse may round to 0) in a number outside the strings. */
function negativeExponentOutside(text: string, amounts: AmountSpans): boolean {
  const a = { next: 0 }
  for (let at = text.indexOf('-'); at !== -1; at = text.indexOf('-', at + 1)) {
    if ((text.charCodeAt(at - 1) | 32) !== 101 || !isDigit(text.charCodeAt(at - 2))) continue
    // Back over the digits and a fraction to where the token would start.
    let s = at - 2
    while (s > 0 && (isDigit(text.charCodeAt(s - 1)) || text.charCodeAt(s - 1) === 46)) s--
    if (s > 0 && text.charCodeAt(s - 1) === 45) s--
    if (mayBeInexact(text, s) && standsOutside(text, amounts, a, s, at)) return true
  }
  return false
}

/**
 * Whether the token at `s` (holding the mark at `at`) may be a number outside the strings other than an
 * amount: `a.next` is the first amount span not yet passed, the marks coming in the text's order.
 */
function standsOutside(text: string, amounts: AmountSpans, a: { next: number }, s: number, at: number): boolean {
  while (a.next < amounts.starts.length && (amounts.ends[a.next] as number) <= at) a.next++
  if (a.next < amounts.starts.length && (amounts.starts[a.next] as number) <= at) return false
  // Anything else before the token means a string, or a body JSON.parse refuses anyway.
  return followsValueStart(text, s) && !surelyInString(text, s)
}

/** The one key refused anywhere (the scan refuses it too). */
const FORBIDDEN_KEY = '__proto__'

/**
 * Where a walk over a parsed body stands: the next span to match with an amount, and how many keys it has
 * met (every key, to be compared with the text's). An object literal, not a class: its shape outlives a full
 * collection, so the optimised walk is not thrown away with it.
 */
export interface Walk {
  readonly spans: AmountSpans
  next: number
  keys: number
  /** the containers met, objects and arrays, the body's own included: counted where the spans count the text's */
  containers: number
  /** Whether a number in an array was met: its text was not looked at by the search (see walkComplete). */
  arrayNumbers: boolean
}

/**
 * Whether a parsed value holds nothing the scan would have given otherwise or refused: numbers are safe
 * integers and under no amount key, no `__proto__` key, no container nested past MAX_DEPTH (`depth` is the
 * value's own, 1 for the body). Counts the keys it meets.
 */
export function plainValue(value: unknown, depth: number, walk: Walk): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value)
  if (typeof value !== 'object' || value === null) return true
  if (depth > MAX_DEPTH) return false
  walk.containers++
  if (Array.isArray(value)) return value.every((v) => plainElement(v, depth + 1, walk))
  return plainMembers(value as Record<string, unknown>, depth, null, walk)
}

/** plainValue for an array's element, whose text, if a number, the search did not look at. */
function plainElement(value: unknown, depth: number, walk: Walk): boolean {
  if (typeof value === 'number') walk.arrayNumbers = true
  return plainValue(value, depth, walk)
}

/** plainValue for the members of `object` (at `depth`) but `skip`, whose key is counted too. */
export function plainMembers(object: Record<string, unknown>, depth: number, skip: string | null, walk: Walk): boolean {
  for (const k in object) {
    walk.keys++
    if (k === skip) continue
    const v = object[k]
    if (k === FORBIDDEN_KEY || (typeof v === 'number' && isAmountKey(k)) || !plainValue(v, depth + 1, walk)) return false
  }
  return true
}

/**
 * Gives the amount numbers among `reads` (members of a record at `depth`, in their order) the text the
 * search found for them, taking the walk's spans in order, and checks the other members read are plain.
 * False when the scan must decide. The record's keys are counted by the caller.
 */
export function settleMembers(record: Record<string, unknown>, depth: number, reads: readonly string[], walk: Walk): boolean {
  const spans = walk.spans
  for (const k of reads) {
    if (k === FORBIDDEN_KEY) return false
    const v = record[k]
    if (typeof v === 'number') {
      if (isAmountKey(k)) {
        if (walk.next >= spans.starts.length || !spanKeyIs(spans, walk.next, k)) return false
        record[k] = spanText(spans, walk.next++)
      } else if (!Number.isSafeInteger(v)) return false
    } else if (!plainValue(v, depth + 1, walk)) return false
  }
  return true
}

/**
 * The quick way's start for a body in the {code, message, data} envelope: the amounts found (by `search`:
 * findAmounts, or findAmountKeys for a body whose strings seldom hold `{` or `[`), the body parsed by
 * JSON.parse as it is, the envelope's code 200 and its other members plain. The envelope's `data` and the
 * walk to go on with (the body counted among its containers); null when the exact path must decide.
 */
export function quickEnvelope(
  text: string,
  search: (text: string) => AmountSpans | null = findAmounts
): { body: Record<string, unknown>; data: unknown; walk: Walk } | null {
  const spans = search(text)
  if (spans === null) return null
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  const walk: Walk = { spans, next: 0, keys: 0, containers: 1, arrayNumbers: false }
  if (!isPlainObject(body) || body.code !== 200 || !plainMembers(body, 1, 'data', walk)) return null
  return { body, data: body.data, walk }
}

/**
 * The last page of each operation decoded the quick way, cut down to its first record: kept so that the
 * object shapes JSON.parse made for it outlive a full collection. Optimised code holds the shapes it was
 * specialised to weakly; when the last object of a shape dies, a full collection frees the shape and throws
 * that code away ("weak objects" in --trace-deopt), and the next page's JSON.parse makes the same shapes anew,
 * to be met by the interpreter and compiled again: 40–70 ms of CPU, more than a 100-record page's own decode,
 * after every full collection. Only for a page whose records the decode leaves as JSON.parse made them (its
 * strings its own, not cut from the body: test/unit/main/client/kept-shapes.test.ts), as Butter's: the original
 * dialect's records become the page's records, amounts cut from the body in them.
 */
const keptPages = new Map<string, Record<string, unknown>>()

/** Keeps `body` (its `list`, a member of it, cut to the first record) for `operation`, in place of the page kept before. */
export function keepShapes(operation: string, body: Record<string, unknown>, list: unknown[]): void {
  if (list.length > 1) list.length = 1
  keptPages.set(operation, body)
}

// V8 keeps the subject of the process's last successful match (RegExp.input) alive. A quick decode's last match
// is a check of an amount, a slice of the body, so the last page's whole body stayed in memory until the next
// match anywhere in the process (test/unit/main/dataset/table-retention.test.ts). A match on an empty text lets
// it go.
const EMPTY = /^$/

/** Lets go of the last match's subject: called when a page whose amounts are slices of its body is decoded. */
export function forgetLastMatch(): void {
  EMPTY.test('')
}

/**
 * Whether a finished walk gave every amount found its number and met every key the text holds (or, where the
 * search counted containers, as many as the text holds), and no number outside the strings may be one
 * JSON.parse rounded: looked for in the text when the search did not look at every member's number
 * (findAmountKeys) or the walk met a number in an array.
 */
export function walkComplete(walk: Walk): boolean {
  const spans = walk.spans
  if (walk.next !== spans.starts.length) return false
  if (spans.containers >= 0) return walk.containers === spans.containers && !mayHoldInexactNumber(spans.text, spans)
  return walk.keys === spans.keys && !(walk.arrayNumbers && mayHoldInexactNumber(spans.text, spans))
}
