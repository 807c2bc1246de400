// Exact decimal arithmetic on wire text. Amounts on the wire carry six fractional digits and may exceed
// 2^53, so every exact path works on a bigint of units plus a decimal scale; floats appear only in
// toNumberApprox, which feeds charts where an approximation is fine.
import { AppError } from './errors'

/** value = units / 10^scale, scale ≥ 0. Not normalised: "1.50" has units 150, scale 2. */
export interface Decimal {
  units: bigint
  scale: number
}

// JSON number grammar plus a leading '+' and bare ".5"-free forms; the wire never sends anything else.
const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/**
 * Exponents beyond this are refused: "1e1000000000" would otherwise allocate a gigantic bigint. No
 * token amount comes near it (10^400 is far beyond any supply).
 */
const MAX_EXPONENT = 400

const TEN = 10n

function pow10(n: number): bigint {
  return TEN ** BigInt(n)
}

/** Parses "123.000000", "-0.5", "1.5e3", "10000000000000000000001". Throws AppError('decode') otherwise. */
export function parseDecimal(text: string): Decimal {
  const m = DECIMAL_RE.exec(text)
  if (m === null) throw new AppError({ kind: 'decode', message: `not a decimal number: ${cut(text)}` })
  const [, sign, intPart = '0', frac = '', expText] = m
  const exp = expText === undefined ? 0 : Number(expText)
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > MAX_EXPONENT) {
    throw new AppError({ kind: 'decode', message: `decimal exponent out of range: ${cut(text)}` })
  }
  let units = BigInt(intPart + frac)
  let scale = frac.length - exp
  if (scale < 0) {
    units *= pow10(-scale)
    scale = 0
  }
  return { units: sign === '-' ? -units : units, scale }
}

function cut(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

/** Brings two decimals to the same scale (the larger), so their units compare and add directly. */
function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale)
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale]
}

/** Removes trailing fractional zeros: the canonical form of a value. */
export function normalize(d: Decimal): Decimal {
  let { units, scale } = d
  while (scale > 0 && units % TEN === 0n) {
    units /= TEN
    scale--
  }
  return { units, scale }
}

/** Plain decimal text without exponent or trailing fractional zeros, e.g. "-1.5", "10000". */
export function decimalToString(d: Decimal): string {
  const n = normalize(d)
  const neg = n.units < 0n
  const digits = (neg ? -n.units : n.units).toString()
  if (n.scale === 0) return (neg ? '-' : '') + digits
  const padded = digits.padStart(n.scale + 1, '0')
  const cutAt = padded.length - n.scale
  return `${neg ? '-' : ''}${padded.slice(0, cutAt)}.${padded.slice(cutAt)}`
}

/** Exact ordering of two decimal texts: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(parseDecimal(a), parseDecimal(b))
  return x < y ? -1 : x > y ? 1 : 0
}

/** Exact sum of decimal texts, as canonical text ("0" for none). */
export function addDecimal(...values: string[]): string {
  let acc: Decimal = { units: 0n, scale: 0 }
  for (const v of values) {
    const [x, y, scale] = align(acc, parseDecimal(v))
    acc = { units: x + y, scale }
  }
  return decimalToString(acc)
}

/** Shifts the decimal point left by `places` (scales a smallest-unit amount to token units). */
export function shiftDecimal(d: Decimal, places: number): Decimal {
  if (!Number.isInteger(places)) throw new AppError({ kind: 'decode', message: `bad decimal places: ${places}` })
  if (places >= 0) return { units: d.units, scale: d.scale + places }
  const s = d.scale + places
  return s >= 0 ? { units: d.units, scale: s } : { units: d.units * pow10(-s), scale: 0 }
}

/** Rounds half away from zero to at most `digits` fractional digits. */
export function roundDecimal(d: Decimal, digits: number): Decimal {
  if (d.scale <= digits) return d
  const div = pow10(d.scale - digits)
  const neg = d.units < 0n
  const abs = neg ? -d.units : d.units
  let q = abs / div
  if ((abs % div) * 2n >= div) q += 1n
  return { units: neg ? -q : q, scale: digits }
}

/** Only for charts and other approximate uses: never feed the result back into exact paths. */
export function toNumberApprox(text: string): number {
  return Number(decimalToString(parseDecimal(text)))
}

export interface FormatOptions {
  /** appended after a space, e.g. "1.5 USDT" */
  symbol?: string
  /** thousands separators in the integer part (default true) */
  grouping?: boolean
  /** rounds half away from zero to this many fractional digits; default: all digits kept */
  maxFractionDigits?: number
}

function groupThousands(intDigits: string): string {
  let out = ''
  for (let i = intDigits.length; i > 0; i -= 3) {
    const chunk = intDigits.slice(Math.max(0, i - 3), i)
    out = out === '' ? chunk : `${chunk},${out}`
  }
  return out
}

function render(d: Decimal, opts: FormatOptions): string {
  let v = d
  if (opts.maxFractionDigits !== undefined) v = roundDecimal(v, Math.max(0, Math.floor(opts.maxFractionDigits)))
  let text = decimalToString(v)
  if (text === '-0') text = '0'
  if (opts.grouping ?? true) {
    const neg = text.startsWith('-')
    const body = neg ? text.slice(1) : text
    const dot = body.indexOf('.')
    const intPart = dot === -1 ? body : body.slice(0, dot)
    const rest = dot === -1 ? '' : body.slice(dot)
    text = (neg ? '-' : '') + groupThousands(intPart) + rest
  }
  return opts.symbol ? `${text} ${opts.symbol}` : text
}

/**
 * A smallest-unit wire amount scaled by the token's decimals for people:
 * ("1500000.000000", 6) → "1.5"; (10^22+1, 18) → "10,000.000000000000000001".
 */
export function formatAmount(text: string, tokenDecimals: number, opts: FormatOptions = {}): string {
  if (!Number.isInteger(tokenDecimals) || tokenDecimals < 0 || tokenDecimals > MAX_EXPONENT) {
    throw new AppError({ kind: 'decode', message: `bad token decimals: ${tokenDecimals}` })
  }
  return render(shiftDecimal(parseDecimal(text), tokenDecimals), opts)
}

/** A value that is already in human units (e.g. the stable value): same rendering, no scaling. */
export function formatDecimal(text: string, opts: FormatOptions = {}): string {
  return render(parseDecimal(text), opts)
}

/** The value in units of 10^-scale, extra digits truncated: one bigint scale for ordering and summing. */
export function toScaledUnits(text: string, scale: number): bigint {
  const d = parseDecimal(text)
  return d.scale <= scale ? d.units * pow10(scale - d.scale) : d.units / pow10(d.scale - scale)
}
