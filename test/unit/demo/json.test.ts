// The demo network's JSON writer: what JSON.stringify writes for every value it can write, and the amounts
// JSON.stringify cannot write (past 2^53, six fractional digits) exactly as carried.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { RawJson} from '../../../src/demo/json';
import { fromMicro, writeJson, type WireValue } from '../../../src/demo/json'
import { parseLossless } from '../../../src/main/client/lossless-json'

describe('the demo network writes JSON', () => {
  it('as JSON.stringify does, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(writeJson(v as WireValue)).toBe(JSON.stringify(v))
      }),
      { numRuns: 500 }
    )
  })

  it('with each amount written as the digits it carries, wherever it stands', () => {
    const micro = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })
    // the client's reader refuses any body holding a "__proto__" key, on purpose (checkKey in lossless-json):
    // the text is read back here with keys other than that one (a key is the only string a colon follows)
    const anyKey = fc.string().filter((k) => k !== '__proto__')
    const anyOther = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"__proto__":'))
    fc.assert(
      fc.property(fc.array(fc.tuple(anyKey, micro), { maxLength: 8 }), anyOther, (amounts, other) => {
        const body: Record<string, WireValue> = { other: other as WireValue, list: amounts.map(([k, m]) => ({ [k]: fromMicro(m), amount: fromMicro(m) })) }
        const text = writeJson(body)
        const parsed = parseLossless(text) as { list: { amount: string }[] }
        expect(parsed.list.map((r) => r.amount)).toEqual(amounts.map(([, m]) => (fromMicro(m) as RawJson).text))
      }),
      { numRuns: 300 }
    )
  })

  it("keeps a string that looks like a number's stand-in, and one amount written twice", () => {
    const amount = fromMicro(12_345_678n)
    const text = writeJson({ a: amount, b: [amount, 'raw-0123456789abcdef-0'], c: '"raw-0123456789abcdef-0"' })
    expect(text).toBe('{"a":12.345678,"b":[12.345678,"raw-0123456789abcdef-0"],"c":"\\"raw-0123456789abcdef-0\\""}')
  })
})
