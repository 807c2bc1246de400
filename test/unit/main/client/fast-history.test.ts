// The optimistic queryHistory decode must give exactly what the exact path gives, or the exact path's error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decodeHistoryPage, unwrapEnvelope } from '../../../../src/main/client/decode'
import { decodeHistoryBody, fastHistoryPage } from '../../../../src/main/client/fast-history'
import { parseBody } from '../../../../src/main/client/http'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { AppError } from '../../../../src/shared/errors'
import type { HistoryPage } from '../../../../src/shared/schemas/wire'
import { busiestHistoryText } from './helpers'

let sim: Simulator
let page = ''

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, transfers: 3000, rotateEveryMs: null })
  page = await busiestHistoryText(sim, 5)
})
afterAll(async () => sim.close())

function exact(text: string): HistoryPage {
  return decodeHistoryPage(unwrapEnvelope(parseBody(text, 'queryHistory', 200, 'application/json'), 'queryHistory'), 'queryHistory')
}

type Outcome = { ok: HistoryPage } | { error: { kind: string; message: string; field: string | undefined } }
function outcome(run: () => HistoryPage): Outcome {
  try {
    // Through JSON: frozen shared detail objects and fresh ones compare alike.
    return { ok: JSON.parse(JSON.stringify(run())) as HistoryPage }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { error: { kind: error.kind, message: error.message, field: error.field } }
  }
}

function expectSame(text: string): Outcome {
  const expected = outcome(() => exact(text))
  expect(outcome(() => decodeHistoryBody(text, 'queryHistory', 200, 'application/json'))).toEqual(expected)
  return expected
}

/** The first record of the page with `edit` applied to its text. */
function withFirstRecord(edit: (record: string) => string): string {
  const start = page.indexOf('{"id":')
  const end = page.indexOf('},{"id":', start) + 1
  return page.slice(0, start) + edit(page.slice(start, end)) + page.slice(end)
}

describe('the optimistic queryHistory decode', () => {
  it('takes the fast path on a service page and gives what the exact path gives', () => {
    expect(fastHistoryPage(page)).not.toBeNull()
    const same = expectSame(page)
    expect('ok' in same && same.ok.list.length).toBe(5)
  })

  it('keeps amounts beyond 2^53 exactly', () => {
    const text = withFirstRecord((r) => r.replace(/"amount":[^,]+/, '"amount":10000000000000000000001.000000'))
    expect(fastHistoryPage(text)?.list[0]?.amount).toBe('10000000000000000000001.000000')
    expectSame(text)
  })

  it('hands anything it cannot vouch for to the exact path, which decides alike', () => {
    const cases: [string, string][] = [
      ['a \\u-spelled amount key', withFirstRecord((r) => r.replace('"amount":', '"\\u0061mount":'))],
      ['a \\u-spelled stable key', withFirstRecord((r) => r.replace('"usdtValume":', '"usdt\\u0056alume":'))],
      ['a \\u-spelled __proto__ key', withFirstRecord((r) => r.replace('{"id":', '{"\\u005f_proto__":{"polluted":1},"id":'))],
      ['a fraction in an integer field', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":1.00000000000000001'))],
      ['a negative exponent in an integer field', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":1e-400'))],
      ['an unsafe integer in an unknown field', withFirstRecord((r) => r.replace('{"id":', '{"big":12345678901234567890,"id":'))],
      ['an amount key in an unknown object', withFirstRecord((r) => r.replace('{"id":', '{"extra":{"sending":5},"id":'))],
      ['nesting past the limit in an unknown field', withFirstRecord((r) => r.replace('{"id":', `{"deep":${'['.repeat(70)}${']'.repeat(70)},"id":`))],
      ['nesting past the limit in the envelope', page.replace('{"code":200', `{"x":${'['.repeat(70)}${']'.repeat(70)},"code":200`)],
      ['a fractional envelope code', page.replace('"code":200', '"code":200.0')],
      ['a number too long to read in the envelope', page.replace('{"code":200', `{"n":${'9'.repeat(1200)},"code":200`)],
      ['look-alike text in a string', withFirstRecord((r) => r.replace('"chain":"', '"chain":"x\\",\\"amount\\":1.5,'))],
      ['an escaped quote before a key-like text', withFirstRecord((r) => r.replace('{"id":', '{"x\\"amount":2.5,"id":'))],
      ['a malformed amount', withFirstRecord((r) => r.replace(/"amount":[^,]+/, '"amount":01'))],
      ['a record failing its schema', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":"high"'))],
      ['an envelope error', page.replace('"code":200', '"code":500')],
      // Amount numbers are matched with the parsed record by order (no \\u in the body): whatever could
      // shift that order must end on the exact path or give its result.
      ['a duplicate amount key, both numbers', withFirstRecord((r) => r.replace('"amount":', '"amount":7.000001,"amount":'))],
      ['a duplicate amount key, text then number', withFirstRecord((r) => r.replace('"amount":', '"amount":"s","amount":'))],
      ['a duplicate amount key, number then text', withFirstRecord((r) => r.replace(/("amount":[^,]+)/, '$1,"amount":"s"'))],
      ['a duplicate that moves an amount ahead of inAmount', withFirstRecord((r) => r.replace('{"id":', '{"inAmount":"x","amount":"y","id":'))],
      ['a duplicate stable key', withFirstRecord((r) => r.replace('"usdtValume":', '"usdtValume":3.5,"usdtValume":'))],
      ['an amount in the envelope', page.replace('{"code":200', '{"amount":1.5,"code":200')],
      ['an amount in data', page.replace('"data":{', '"data":{"inAmount":2.5,')],
      ['an amount in a nested unknown object', withFirstRecord((r) => r.replace('{"id":', '{"extra":{"amount":5.25},"id":'))],
      ['an amount in a nested array', withFirstRecord((r) => r.replace('{"id":', '{"extra":[{"usdtValume":5.25}],"id":'))],
      ['a second stable-looking key', withFirstRecord((r) => r.replace('{"id":', '{"daiValume":1.000000,"id":'))],
      ['an escaped quote inside a stable-looking key', withFirstRecord((r) => r.replace('{"id":', '{"a\\"bValume":1.5,"id":'))],
      ['an amount key with whitespace', withFirstRecord((r) => r.replace('"amount":', '"amount" :\n '))],
      ['sending as a number in a history record', withFirstRecord((r) => r.replace('{"id":', '{"sending":12.5,"id":'))],
      ['an amount where a record should be', page.replace('"list":[', '"list":[1.5,')],
      // Members the schema checks whole (strings, safe integers, null) are not read before it: whatever
      // they hold instead, the schema refuses and the exact path decides.
      ['an object nested past the limit in a string field', withFirstRecord((r) => r.replace('"chain":', `"chain":${'['.repeat(70)}${']'.repeat(70)},"x":`))],
      ['an unsafe integer in an integer field', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":12345678901234567890'))],
      ['a __proto__ object in a string field', withFirstRecord((r) => r.replace('"chain":', '"chain":{"__proto__":{"polluted":2}},"x":'))],
      ['an amount-keyed number inside a string field', withFirstRecord((r) => r.replace('"chain":', '"chain":{"amount":1.5},"x":'))],
      ['a number in a detail string field', withFirstRecord((r) => r.replace(/"tokenObject":"(?:[^"\\]|\\.)*"/, '"tokenObject":12'))]
    ]
    for (const [name, text] of cases) {
      expect(text, name).not.toBe(page)
      expectSame(text)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('parses a body without \\u escapes as it is, and one with them after quoting, alike', () => {
    const escaped = withFirstRecord((r) => r.replace('"chain":"', '"chain":"\\u0041'))
    for (const text of [page, escaped]) {
      expect(fastHistoryPage(text)).not.toBeNull()
      expectSame(text)
    }
    expect(fastHistoryPage(escaped)?.list[0]?.chain.startsWith('A')).toBe(true)
  })

  it('agrees with the exact path on mutated pages', () => {
    const mutated = fc.tuple(fc.nat(), fc.nat(), fc.oneof(fc.json(), fc.constantFrom('"amount":1.5', '"usdtValume":', '\\"', '\\u0061', '.5', 'e-3', '[', '{"__proto__":1}', '"amount":"s",', ',"inAmount":2.5', '0.99999999999999999', '1.0000000000000001e3', '"x":1e-400,'))).map(
      ([a, b, junk]) => {
        const i = a % page.length
        return page.slice(0, i) + junk + page.slice(Math.min(page.length, i + (b % 120)))
      }
    )
    fc.assert(fc.property(mutated, (text) => void expectSame(text)), { numRuns: 300 })
  })
})

describe('detail strings decoded once per distinct text', () => {
  it('records sharing a text share one frozen object; records with other texts get their own', () => {
    const decoded = decodeHistoryBody(page, 'queryHistory', 200, 'application/json')
    const byText = new Map<string, unknown>()
    const raw = (JSON.parse(page) as { data: { list: Record<string, string>[] } }).data.list
    decoded.list.forEach((r, i) => {
      for (const f of ['fromChainObject', 'toChainObject', 'tokenObject'] as const) {
        const text = raw[i]![f]!
        expect(r[f]).toEqual(JSON.parse(text))
        expect(Object.isFrozen(r[f])).toBe(true)
        if (byText.has(text)) expect(r[f]).toBe(byText.get(text))
        byText.set(text, r[f])
      }
    })
    // Each record's own fields stay its own.
    decoded.list[0]!.issues.push({ field: 'x', reason: 'y', raw: null })
    expect(decoded.list[1]!.issues).toEqual([])
  })

  it('pages after pages share the decoded objects, and a page of more distinct texts than are kept decodes each right', () => {
    const first = decodeHistoryBody(page, 'queryHistory', 200, 'application/json')
    const again = decodeHistoryBody(page, 'queryHistory', 200, 'application/json')
    expect(again.list[0]!.fromChainObject).toBe(first.list[0]!.fromChainObject)
    expect(again.list[0]!.issues).not.toBe(first.list[0]!.issues)

    const start = page.indexOf('{"id":')
    const end = page.indexOf('},{"id":', start) + 1
    const record = page.slice(start, end)
    // 1,000 different token names: past what the memo keeps for one field, it starts afresh mid-page.
    const records = Array.from({ length: 1000 }, (_, i) =>
      record.replace(/"id":\d+/, `"id":${i + 1}`).replace(/\\"name\\":\\"[^\\]*\\"/, `\\"name\\":\\"Token ${i}\\"`)
    )
    const text = `{"code":200,"message":"success","data":{"list":[${records.join(',')}],"total":1000}}`
    const decoded = decodeHistoryBody(text, 'queryHistory', 200, 'application/json')
    decoded.list.forEach((r, i) => expect(r.tokenObject?.name).toBe(`Token ${i}`))
  })

  it('in a page of 10,000, a malformed detail string in record 7,000 costs that record that field only', () => {
    const start = page.indexOf('{"id":')
    const end = page.indexOf('},{"id":', start) + 1
    const record = page.slice(start, end)
    const records = Array.from({ length: 10_000 }, (_, i) => record.replace(/"id":\d+/, `"id":${i + 1}`))
    records[7000] = records[7000]!.replace(/"tokenObject":"(?:[^"\\]|\\.)*"/, '"tokenObject":"{\\"address\\":\\"0x1\\", broken"')
    const text = `{"code":200,"message":"success","data":{"list":[${records.join(',')}],"total":10000}}`
    const decoded = decodeHistoryBody(text, 'queryHistory', 200, 'application/json')
    expect(decoded.list).toHaveLength(10_000)
    expect(decoded.list[7000]!.tokenObject).toBeNull()
    expect(decoded.list[7000]!.issues).toEqual([{ field: 'tokenObject', reason: expect.stringContaining('not valid JSON'), raw: '{"address":"0x1", broken' }])
    expect(decoded.list[6999]!.tokenObject).not.toBeNull()
    expect(decoded.list[7001]!.issues).toEqual([])

    records[7000] = record.replace(/"height":\d+/, '"height":"high"')
    const bad = `{"code":200,"message":"success","data":{"list":[${records.join(',')}],"total":10000}}`
    try {
      decodeHistoryBody(bad, 'queryHistory', 200, 'application/json')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).kind).toBe('decode')
      expect((error as AppError).field).toBe('height')
      expect((error as AppError).message).toContain('record 7000')
    }
  })
})
