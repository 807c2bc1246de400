// The one way each value is written: what a person reads about a transfer in every view, the CLI and the
// exports. Properties where a rule must hold for every input (durations, stable values, unknowns).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { STATE_NOT_PROVIDED } from '../../../../src/shared/schemas/origin'
import {
  dateText,
  dateTimeText,
  durationMsText,
  durationText,
  isDateText,
  orderIdText,
  parseDuration,
  receivedKnown,
  stableText,
  stableValueText,
  stateText,
  typeText,
  unixDateTimeText,
  UNKNOWN,
  wireDateTimeText
} from '../../../../src/shared/format'
import { defaultSettings } from '../../../../src/shared/schemas/settings'

const labels = defaultSettings().labels

describe('states and types', () => {
  it('the label first, the number after it: the same text for every state', () => {
    expect(stateText({ state: 0, outcome: 'in-flight' }, labels.state)).toBe('Pending (0)')
    expect(stateText({ state: 1, outcome: 'delivered' }, labels.state)).toBe('Complete (1)')
    expect(stateText({ state: 5, outcome: 'in-flight' }, labels.state)).toBe('Processing (5)')
    expect(stateText({ state: 5, outcome: 'unknown' }, labels.state)).toBe('Unknown (5)')
  })
  it('type 4 says it is a type, and reads as the user named it', () => {
    expect(typeText(4, labels.type)).toBe('Type 4')
    expect(typeText(4, { '4': 'Swap' })).toBe('Swap (4)')
  })
  it('never a bare number: every state and type text names what it is', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.dictionary(fc.constantFrom('0', '1', '2', '4'), fc.string({ minLength: 1, maxLength: 8 })),
        (n, ls) => {
          expect(stateText({ state: n }, ls)).not.toMatch(/^\d+$/)
          expect(typeText(n, ls)).not.toMatch(/^\d+$/)
          expect(stateText({ state: n }, ls)).toContain(String(n))
        }
      )
    )
  })
})

describe('durations', () => {
  it('one style: two units at most, the second padded', () => {
    expect(durationText(42)).toBe('42 s')
    expect(durationText(107)).toBe('1 min 47 s')
    expect(durationText(984)).toBe('16 min 24 s')
    expect(durationText(9 * 3600)).toBe('9 h 00 min')
    expect(durationText(2 * 86_400 + 3 * 3600 + 59)).toBe('2 d 3 h')
    expect(durationMsText(107_000)).toBe('1 min 47 s')
  })
  it('unknown is unknown, never "0 s"', () => {
    for (const v of [null, Number.NaN, Number.POSITIVE_INFINITY]) expect(durationText(v)).toBe('—')
    expect(durationMsText(-1)).toBe('—')
    expect(durationMsText(null)).toBe('—')
  })
  it('round trip: the text reads back to the duration, down to its resolution, never longer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400 }), (s) => {
        const back = parseDuration(durationText(s))
        expect(back).not.toBeNull()
        const resolution = s < 3600 ? 1 : s < 86_400 ? 60 : 3600
        expect(back as number).toBeLessThanOrEqual(s)
        expect(s - (back as number)).toBeLessThan(resolution)
      })
    )
  })
  it('monotone: a longer duration never reads shorter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * 86_400 }),
        fc.integer({ min: 0, max: 400 * 86_400 }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a]
          expect(parseDuration(durationText(lo)) as number).toBeLessThanOrEqual(
            parseDuration(durationText(hi)) as number
          )
        }
      )
    )
  })
  it('text it did not write does not parse', () => {
    for (const t of ['', '5', '1m 47s', '3 weeks', '1 min x s']) expect(parseDuration(t)).toBeNull()
  })
})

describe('stable values', () => {
  it('always two decimals, grouped, rounded half away from zero', () => {
    expect(stableValueText('1234.5')).toBe('1,234.50')
    expect(stableValueText('7')).toBe('7.00')
    expect(stableValueText('0.005')).toBe('0.01')
    expect(stableValueText('99.994')).toBe('99.99')
    expect(stableValueText('1234.5', { grouping: false })).toBe('1234.50')
    expect(stableText({ value: '12.3', symbol: 'USDT' })).toBe('12.30 USDT')
    expect(stableText(null)).toBe('—')
  })
  it('any decimal: exactly two fractional digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(12), (units, scale) => {
        const s = units.toString().replace('-', '')
        const text = `${units < 0n ? '-' : ''}${scale === 0 ? s : `${s.padStart(scale + 1, '0').slice(0, -scale)}.${s.padStart(scale + 1, '0').slice(-scale)}`}`
        expect(stableValueText(text)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/)
      })
    )
  })
  it('text that is not a decimal is shown as sent', () => {
    expect(stableValueText('n/a')).toBe('n/a')
  })
})

describe('order ids', () => {
  it('hex order ids carry 0x; others are shown as sent; none is none', () => {
    const hex = 'ab'.repeat(32)
    expect(orderIdText(hex)).toBe(`0x${hex}`)
    expect(orderIdText(`0x${hex}`)).toBe(`0x${hex}`)
    expect(orderIdText('42')).toBe('42')
    expect(orderIdText('')).toBeNull()
    expect(orderIdText(null)).toBeNull()
  })
})

describe('received amounts', () => {
  it('a transfer not yet delivered has an unknown received amount, whatever its wire 0 says', () => {
    expect(receivedKnown({ state: 0, transferinHash: '', inAmount: '0' })).toBe(false)
    expect(receivedKnown({ state: 0, transferinHash: '', inAmount: '0.000000' })).toBe(false)
    expect(receivedKnown({ state: 1, transferinHash: '0xab', inAmount: '0' })).toBe(true)
    expect(receivedKnown({ state: 0, transferinHash: '0xab', inAmount: '5' })).toBe(true)
    expect(UNKNOWN).toBe('unknown')
  })
})

describe('dates', () => {
  it('one format, UTC named', () => {
    const ms = Date.UTC(2026, 10, 27, 2, 37, 5)
    expect(dateTimeText(ms)).toBe('2026-11-27 02:37:05 UTC')
    expect(dateText(ms)).toBe('2026-11-27')
    expect(wireDateTimeText('2026-11-27 02:37:05')).toBe('2026-11-27 02:37:05 UTC')
    expect(wireDateTimeText('garbled')).toBe('garbled')
    expect(unixDateTimeText(ms / 1000)).toBe('2026-11-27 02:37:05 UTC')
    expect(unixDateTimeText(null)).toBe('—')
    expect(dateTimeText(Number.NaN)).toBe('—')
  })
  it('typed dates: YYYY-MM-DD naming a real day only', () => {
    expect(isDateText('2026-02-28')).toBe(true)
    expect(isDateText('2026-02-30')).toBe(false)
    expect(isDateText('11/27/2026')).toBe(false)
    expect(isDateText('2026-1-5')).toBe(false)
  })
  it('a wire time reads back the same in the one format', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const s = Math.floor(ms / 1000) * 1000
        const text = dateTimeText(s)
        expect(wireDateTimeText(text.replace(' UTC', ''))).toBe(text)
        expect(isDateText(dateText(s))).toBe(true)
      })
    )
  })
})

describe('a state the service does not send', () => {
  it('reads as not provided, never as a label or a number', () => {
    expect(stateText({ state: STATE_NOT_PROVIDED }, undefined)).toBe('State not provided by this service')
    expect(stateText({ state: STATE_NOT_PROVIDED }, { '-1': 'Processing' })).not.toMatch(/Processing|-1/)
  })
  it('leaves every real state as it was', () => {
    fc.assert(fc.property(fc.nat(1000), (s) => stateText({ state: s }, undefined) !== 'State not provided by this service'))
  })
})
