import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addDecimal,
  compareDecimal,
  decimalToString,
  formatAmount,
  formatDecimal,
  parseDecimal,
  toNumberApprox
} from '../../../src/shared/decimal'
import { AppError } from '../../../src/shared/errors'

/** A decimal text built from a bigint and a scale, the way the wire writes amounts. */
function textOf(units: bigint, scale: number): string {
  const neg = units < 0n
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0')
  const cut = digits.length - scale
  return `${neg ? '-' : ''}${digits.slice(0, cut)}${scale ? `.${digits.slice(cut)}` : ''}`
}

const bigUnits = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })
const scales = fc.integer({ min: 0, max: 24 })

describe('parseDecimal / decimalToString', () => {
  it('parses wire forms', () => {
    expect(decimalToString(parseDecimal('123.000000'))).toBe('123')
    expect(decimalToString(parseDecimal('-0.500'))).toBe('-0.5')
    expect(decimalToString(parseDecimal('10000000000000000000001.000000'))).toBe('10000000000000000000001')
    expect(decimalToString(parseDecimal('1.5e3'))).toBe('1500')
    expect(decimalToString(parseDecimal('15E-3'))).toBe('0.015')
    expect(decimalToString(parseDecimal('0.000000'))).toBe('0')
  })
  it('rejects garbage and absurd exponents with AppError', () => {
    for (const bad of ['', 'abc', '1.', '.5', '1e', '--1', '1e100000', 'NaN', 'Infinity']) {
      expect(() => parseDecimal(bad)).toThrow(AppError)
    }
  })
  it('round-trips any bigint/scale', () => {
    fc.assert(
      fc.property(bigUnits, scales, (u, s) => {
        const text = textOf(u, s)
        const back = parseDecimal(decimalToString(parseDecimal(text)))
        expect(compareDecimal(text, decimalToString(back))).toBe(0)
      })
    )
  })
})

describe('compareDecimal / addDecimal', () => {
  it('ordering agrees with bigint', () => {
    fc.assert(
      fc.property(bigUnits, bigUnits, (a, b) => {
        const expected = a < b ? -1 : a > b ? 1 : 0
        expect(compareDecimal(textOf(a, 6), textOf(b, 6))).toBe(expected)
        // Different scales of the same values compare the same way.
        expect(compareDecimal(textOf(a * 1000n, 9), textOf(b, 6))).toBe(expected)
      })
    )
  })
  it('sums exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3')
    expect(addDecimal()).toBe('0')
    fc.assert(
      fc.property(bigUnits, bigUnits, (a, b) => {
        expect(addDecimal(textOf(a, 6), textOf(b, 6))).toBe(decimalToString({ units: a + b, scale: 6 }))
      })
    )
  })
  it('toNumberApprox is close', () => {
    expect(toNumberApprox('1500000.000000')).toBe(1500000)
    expect(toNumberApprox('-0.25')).toBe(-0.25)
  })
})

describe('formatAmount', () => {
  it('scales by the token decimals', () => {
    expect(formatAmount('1500000.000000', 6)).toBe('1.5')
    expect(formatAmount('10000000000000000000001.000000', 18)).toBe('10,000.000000000000000001')
    expect(formatAmount('10000000000000000000001', 18, { grouping: false })).toBe('10000.000000000000000001')
    expect(formatAmount('1234567000000.000000', 6, { symbol: 'USDT' })).toBe('1,234,567 USDT')
    expect(formatAmount('1999999', 6, { maxFractionDigits: 2 })).toBe('2')
    expect(formatAmount('1994999', 6, { maxFractionDigits: 2 })).toBe('1.99')
    expect(formatAmount('-1500000.000000', 6)).toBe('-1.5')
    expect(formatAmount('1', 0)).toBe('1')
    expect(formatAmount('0.000000', 18)).toBe('0')
  })
  it('rejects bad decimals', () => {
    expect(() => formatAmount('1', -1)).toThrow(AppError)
    expect(() => formatAmount('1', 1.5)).toThrow(AppError)
  })
  it('grouping does not change the digits', () => {
    fc.assert(
      fc.property(bigUnits, fc.integer({ min: 0, max: 30 }), (u, d) => {
        const text = textOf(u, 6)
        const grouped = formatAmount(text, d)
        const plain = formatAmount(text, d, { grouping: false })
        expect(grouped.replaceAll(',', '')).toBe(plain)
        // and the plain rendering is the exact value scaled by 10^-d
        expect(compareDecimal(plain, decimalToString({ units: u, scale: 6 + d }))).toBe(0)
        // groups are exactly three digits
        const intPart = grouped.replace(/^-/, '').split('.')[0] ?? ''
        expect(intPart).toMatch(/^\d{1,3}(,\d{3})*$/)
      })
    )
  })
  it('formatDecimal leaves human values unscaled', () => {
    expect(formatDecimal('1234.500000')).toBe('1,234.5')
    expect(formatDecimal('1234.567', { maxFractionDigits: 2, symbol: 'USDT' })).toBe('1,234.57 USDT')
    expect(formatDecimal('-0.001', { maxFractionDigits: 2 })).toBe('0')
  })
})
