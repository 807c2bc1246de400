// The two searches for a body's amounts: findAmountKeys (Butter's bodies: the amount keys searched for by name,
// the text's `{` and `[` counted) must find exactly the amounts findAmounts (every key visited) finds, on any
// JSON text, and count at least every container JSON.parse makes of it: no fewer, or a container a repeated
// key dropped could go unseen.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { findAmountKeys, findAmounts } from '../../../../src/main/client/amount-search'

type Json = { t: 'raw'; text: string } | { t: 'obj'; members: [string, Json][] } | { t: 'arr'; items: Json[] }

const KEYS = ['amount', 'amount', 'inAmount', 'inAmount', 'usdtValume', 'usdtValume', 'Valume', 'xamount', 'Amount', 'amounts', 'state', 'mount', 'a\\"mount', '\\u0061mount', 'in\\\\Amount']
/** strings' contents, written with JSON.stringify */
const STRINGS = ['"amount":1', 'amount"', '{', '[1]', '\\"amount\\":5', 'mount":7', 'x\\', 'usdtValume', '']
const NUMBERS = ['0', '-3', '12.5', '1e5', '1E-5', '9007199254740993', '793967907953388800000', '1.00000000000000001', '-0.000001']

const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...NUMBERS, 'null', 'true').map((text): Json => ({ t: 'raw', text })),
    fc.constantFrom(...STRINGS).map((s): Json => ({ t: 'raw', text: JSON.stringify(s) })),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('v')), { maxLength: 5 }).map((members): Json => ({ t: 'obj', members })),
    fc.array(tie('v'), { maxLength: 4 }).map((items): Json => ({ t: 'arr', items }))
  )
})).v

function write(v: Json, ws: string): string {
  if (v.t === 'raw') return v.text
  if (v.t === 'arr') return `[${v.items.map((i) => write(i, ws)).join(`${ws},`)}]`
  return `{${v.members.map(([k, m]) => `${ws}"${k}"${ws}:${ws}${write(m, ws)}`).join(',')}}`
}

/** The containers JSON.parse makes of a text. */
function containersOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0
  return 1 + Object.values(v).reduce((n: number, m) => n + containersOf(m), 0)
}

describe('the amount search by key name', () => {
  it('finds exactly what the search over every key finds, and counts no fewer containers than the text makes', () => {
    let compared = 0
    fc.assert(
      fc.property(json, fc.constantFrom('', ' ', '\n\t'), (value, ws) => {
        const text = write({ t: 'obj', members: [['code', { t: 'raw', text: '200' }], ['data', value]] }, ws)
        const byKeys = findAmounts(text)
        const byName = findAmountKeys(text)
        // an amount key written with an escape is what it cannot read: it stands aside
        const escapedAmount = /"\\u0061mount"\s*:/.test(text)
        if (escapedAmount) {
          expect(byName).toBeNull()
          return
        }
        expect(byName).not.toBeNull()
        // findAmounts stands aside for a member's number JSON.parse may round; the other leaves it to the walk
        if (byKeys !== null) {
          const { starts, ends, keyCloses, kinds } = byKeys
          expect(byName).toMatchObject({ starts, ends, keyCloses, kinds })
          if (starts.length > 0) compared++
        }
        expect(byName?.containers).toBeGreaterThanOrEqual(containersOf(JSON.parse(text)))
      }),
      { numRuns: 2000 }
    )
    // the texts held amounts both searches found, not only texts with none
    expect(compared).toBeGreaterThan(100)
  })

  it("counts a body's containers exactly when its strings hold no brace or bracket", () => {
    const text = '{"code":200,"data":{"list":[{"amount":793967907953388800000,"inAmount":5,"t":[1,[2]],"x":{}}],"total":1}}'
    expect(findAmountKeys(text)).toMatchObject({ containers: 7, keys: -1, starts: [text.indexOf('7939'), text.indexOf('5,"t"')] })
  })

  it('stands aside for an amount key written with an escape, which it cannot read, and for no other key or value with one', () => {
    expect(findAmountKeys('{"amount":0,"\\u0061mount":5}')).toBeNull()
    expect(findAmountKeys('{"usdt\\u0056alume" :1}')).toBeNull()
    expect(findAmountKeys('{"s\\u0074ate" :1,"amount":2}')?.starts).toEqual([26])
    expect(findAmountKeys('{"name":"a \\u0026 b","icon":"C:\\\\users","amount":5}')?.starts).toEqual([49])
  })

  it('stands aside for an amount longer than any the scan reads', () => {
    expect(findAmountKeys(`{"amount":${'9'.repeat(1001)}}`)).toBeNull()
    expect(findAmountKeys(`{"amount":${'9'.repeat(1000)}}`)?.starts).toEqual([10])
  })
})
