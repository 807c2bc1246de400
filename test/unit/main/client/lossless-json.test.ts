import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isAmountKey, parseLossless, quoteExactNumbers } from '../../../../src/main/client/lossless-json'
import { AppError } from '../../../../src/shared/errors'

describe('parseLossless', () => {
  it('keeps amount-like numbers as exact wire text', () => {
    const v = parseLossless('{"amount":10000000000000000000001.000000,"inAmount":5,"usdtValume":1.500000,"id":7}')
    expect(v).toEqual({ amount: '10000000000000000000001.000000', inAmount: '5', usdtValume: '1.500000', id: 7 })
  })
  it('keeps other unsafe or fractional numbers as text, safe integers as numbers', () => {
    const v = parseLossless('[1, -2, 9007199254740993, 1.5, 2.0, 1e3, 1.00000000000000001, 12345678901234567890e-5, -0]')
    expect(v).toEqual([1, -2, '9007199254740993', '1.5', 2, 1000, '1.00000000000000001', '12345678901234567890e-5', -0])
  })
  it('is not fooled by look-alike text in strings, escapes or field order', () => {
    const text = String.raw`{"name":"\"amount\":1.5","x\\":2.5,"amount":3.000000,"s":"a\\\"amount\":9","amount2":4,"list":[{"inAmount":1},{"other":1}]}`
    expect(parseLossless(text)).toEqual({
      name: '"amount":1.5',
      'x\\': '2.5',
      amount: '3.000000',
      s: 'a\\"amount":9',
      amount2: 4,
      list: [{ inAmount: '1' }, { other: 1 }]
    })
  })
  it('handles exponent forms, whitespace and keys with escapes', () => {
    expect(parseLossless('{ "amount" :\n 1.5E+2 , "\\u0061mount": 2 }')).toEqual({ amount: '2' })
    expect(parseLossless('{"sending": -1e-7}')).toEqual({ sending: '-1e-7' })
  })
  it('keeps integer-like object keys right (JSON.parse reorders them)', () => {
    expect(parseLossless('{"56":[{"amount":1.5}],"1":[{"amount":2.5}]}')).toEqual({
      '56': [{ amount: '1.5' }],
      '1': [{ amount: '2.5' }]
    })
  })
  it('rejects __proto__ keys, also when escaped, without polluting', () => {
    for (const t of ['{"__proto__":{"polluted":1}}', '{"a":{"\\u005f_proto__":{"polluted":1}}}']) {
      expect(() => parseLossless(t)).toThrow(AppError)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    // the text inside a string is harmless
    expect(parseLossless('{"k":"__proto__"}')).toEqual({ k: '__proto__' })
  })
  it('rejects non-JSON with a protocol AppError and never turns bad numbers into strings', () => {
    for (const t of ['', '<html>', '{"amount":1.2.3}', '{"amount":01}', '{"a":1', '[1,]', '{"a":"x', '-', 'NaN']) {
      try {
        parseLossless(t)
        expect.unreachable(t)
      } catch (error) {
        expect(error).toBeInstanceOf(AppError)
        expect((error as AppError).kind).toBe('protocol')
      }
    }
  })
  it('agrees with JSON.parse on random JSON (up to number representation)', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        if (text.includes('__proto__')) return
        const exact = parseLossless(text)
        const plain: unknown = JSON.parse(text)
        const same = (a: unknown, b: unknown): void => {
          if (typeof b === 'number') {
            if (typeof a === 'string') expect(Number(a)).toBe(b)
            else expect(a).toBe(b)
          } else if (Array.isArray(b)) {
            expect(Array.isArray(a)).toBe(true)
            b.forEach((x, i) => same((a as unknown[])[i], x))
          } else if (b !== null && typeof b === 'object') {
            expect(Object.keys(a as object).sort()).toEqual(Object.keys(b).sort())
            for (const [k, x] of Object.entries(b)) same((a as Record<string, unknown>)[k], x)
          } else expect(a).toEqual(b)
        }
        same(exact, plain)
      })
    )
  })
  it('throws only AppError on random text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json().map((j) => j.slice(0, Math.floor(j.length / 2)))), (text) => {
        try {
          parseLossless(text)
        } catch (error) {
          expect(error).toBeInstanceOf(AppError)
        }
      }),
      { numRuns: 500 }
    )
  })
  it('returns the same text when nothing needs quoting', () => {
    const t = '{"a":1,"b":[true,null,"x"]}'
    expect(quoteExactNumbers(t)).toBe(t)
  })
})

describe('amount keys', () => {
  it('the scanner and isAmountKey agree on every key', () => {
    const keys = fc.oneof(
      fc.constantFrom('amount', 'inAmount', 'sending', 'receiving', 'usdtValume', 'Valume', 'xValume', 'amounts', 'amoun', 'sendinG', 'receivin'),
      fc.string({ maxLength: 12 })
    )
    fc.assert(
      fc.property(keys, fc.boolean(), (key, escape) => {
        if (key === '__proto__') return
        let k = JSON.stringify(key)
        // the same key spelled with a \u escape for its first character
        if (escape && key.length > 0) k = `"\\u${key.charCodeAt(0).toString(16).padStart(4, '0')}${JSON.stringify(key.slice(1)).slice(1)}`
        const v = parseLossless(`{${k}:5}`) as Record<string, unknown>
        expect(v[key]).toBe(isAmountKey(key) ? '5' : 5)
      }),
      { numRuns: 500 }
    )
  })
})
