// From a response body to validated records: the decoders on the demo network's own bodies, on bodies
// edited to break them, and on random input; zod's verdict on every record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { z } from 'zod'
import { decodeChainList, decodeHistoryBody, decodeHistoryPage, decodeTokenList, decodeTransferDetail, quickHistoryPage } from '../../../../src/main/client/mcs/decode'
import { unwrapEnvelope } from '../../../../src/main/client/envelope'
import { parseBody } from '../../../../src/main/client/lossless-json'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { assertQuickAgrees, likeExact } from './helpers'
import { AppError } from '../../../../src/shared/errors'
import { chainDetailSchema, tokenDetailSchema, transferRecordWireSchema, wireDecimal, type HistoryPage } from '../../../../src/shared/schemas/wire'

let sim: Simulator
/** Raw response texts from the simulator: the fixtures. */
const bodies: Record<string, string> = {}

async function post(op: string, body?: unknown): Promise<string> {
  const res = await fetch(`${sim.baseUrl}/api/${op}`, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  })
  return res.text()
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, transfers: 500, rotateEveryMs: null })
  const s = sim.sample()
  const { address, chainId } = s.addresses[0]!
  bodies.history = await post('queryHistory', { address, chainId, pageNo: 1, pageSize: 5 })
  bodies.detail = await post('queryBridgeInfo', { txHash: s.txHashes[0] })
  bodies.tokens = await post('queryTokenList')
  bodies.chains = await post('queryChainList')
})
afterAll(async () => sim.close())

type Obj = Record<string, unknown>
function historyData(): { list: Obj[]; total: number } {
  return unwrapEnvelope(parseLossless(bodies.history!), 'queryHistory') as { list: Obj[]; total: number }
}

describe('decoding simulator bodies', () => {
  it('history: amounts as text, details as objects, stable recognised, extras kept', () => {
    const data = historyData()
    data.list[0]!.someNewField = 'kept'
    const page = decodeHistoryPage(data)
    expect(page.list.length).toBe(5)
    const r = page.list[0]!
    expect(typeof r.amount).toBe('string')
    expect(r.stable).toEqual({ symbol: 'USDT', field: 'usdtValume', value: expect.any(String) })
    expect((r as Obj).someNewField).toBe('kept')
    expect(r.tokenObject?.symbol).toBeTruthy()
  })

  it('identical detail strings decode to one frozen object', () => {
    const data = historyData()
    data.list[1]!.fromChainObject = data.list[0]!.fromChainObject
    const page = decodeHistoryPage(data)
    expect(page.list[1]!.fromChainObject).toBe(page.list[0]!.fromChainObject)
    expect(Object.isFrozen(page.list[0]!.fromChainObject)).toBe(true)
  })

  it('a malformed detail string costs only that field', () => {
    const data = historyData()
    data.list[1]!.tokenObject = '{"address":"0x1", broken'
    data.list[2]!.fromChainObject = JSON.stringify({ chain: 'x' })
    data.list[3]!.toChainObject = 'x'.repeat(1000)
    const page = decodeHistoryPage(data)
    expect(page.list.length).toBe(5)
    expect(page.list[1]!.tokenObject).toBeNull()
    expect(page.list[1]!.issues).toEqual([{ field: 'tokenObject', reason: expect.stringContaining('not valid JSON'), raw: '{"address":"0x1", broken' }])
    expect(page.list[2]!.fromChainObject).toBeNull()
    expect(page.list[2]!.issues[0]!.field).toBe('fromChainObject')
    expect(page.list[2]!.issues[0]!.reason).toContain('chainId')
    expect(page.list[3]!.issues[0]!.raw!.length).toBeLessThanOrEqual(201)
    expect(page.list[0]!.issues).toEqual([])
  })

  it('a record failing its schema fails the page, naming index and field', () => {
    const data = historyData()
    data.list[3]!.height = 'high'
    try {
      decodeHistoryPage(data)
      expect.unreachable()
    } catch (error) {
      const e = error as AppError
      expect(e.kind).toBe('decode')
      expect(e.field).toBe('height')
      expect(e.message).toContain('record 3')
    }
  })

  it('transfer detail: relayerObject null or "" is no relayer, without an issue', () => {
    for (const relayer of [null, '', undefined]) {
      const data = unwrapEnvelope(parseLossless(bodies.detail!), 'queryBridgeInfo') as Obj
      if (relayer === undefined) delete data.relayerObject
      else data.relayerObject = relayer
      const d = decodeTransferDetail(data)
      expect(d.relayerObject).toBeNull()
      expect(d.issues).toEqual([])
    }
  })

  it('token and chain lists', () => {
    const tokens = decodeTokenList(unwrapEnvelope(parseLossless(bodies.tokens!), 'queryTokenList'))
    expect(Object.keys(tokens).length).toBeGreaterThan(0)
    const chains = decodeChainList(unwrapEnvelope(parseLossless(bodies.chains!), 'queryChainList'))
    expect(chains.length).toBeGreaterThan(0)
  })

  it('envelope: code ≠ 200 is api, a non-envelope is protocol', () => {
    expect(() => unwrapEnvelope({ code: 404, message: 'transaction not found', data: null }, 'q')).toThrow('transaction not found')
    expect(() => unwrapEnvelope([1], 'q')).toThrow(AppError)
    expect(() => unwrapEnvelope({ code: 200, message: 'success' }, 'q')).toThrow(/no data/)
  })
})

describe('decoders fed random bodies', () => {
  const decoders = [decodeHistoryPage, decodeTransferDetail, decodeTokenList, decodeChainList]

  /** Mutations of the real bodies: cut, spliced, fields replaced with random JSON. */
  const mutated = fc
    .tuple(fc.constantFrom('history', 'detail', 'tokens', 'chains'), fc.nat(), fc.nat(), fc.json())
    .map(([name, a, b, junk]) => {
      const text = bodies[name]!
      const i = a % text.length
      const j = Math.min(text.length, i + (b % 200))
      return text.slice(0, i) + junk + text.slice(j)
    })

  it('throw only AppError and pollute nothing', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.json(), fc.constant('{"code":200,"message":"ok","data":{"__proto__":{"x":1}}}')), (text) => {
        for (const decode of decoders) {
          try {
            const data = unwrapEnvelope(parseLossless(text), 'op')
            decode(data)
          } catch (error) {
            expect(error).toBeInstanceOf(AppError)
          }
        }
        expect(({} as Obj).x).toBeUndefined()
        expect(Object.prototype).not.toHaveProperty('polluted')
      }),
      { numRuns: 400 }
    )
  })

  it('throw only AppError on random values', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const decode of decoders) {
          try {
            decode(value)
          } catch (error) {
            expect(error).toBeInstanceOf(AppError)
          }
        }
      }),
      { numRuns: 400 }
    )
  })
})

describe('a queryHistory body: the quick way gives what the exact path gives', () => {
  const decode = (text: string): HistoryPage => decodeHistoryBody(text, 'queryHistory', 200, 'application/json')
  /** The exact path alone: the scan, the envelope, zod, as for every other body. */
  const expectLikeExact = likeExact({
    exact: (text) => decodeHistoryPage(unwrapEnvelope(parseBody(text, 'queryHistory', 200, 'application/json'), 'queryHistory')),
    decode,
    quick: quickHistoryPage
  })

  const page = (): string => bodies.history!
  const record = (): string => {
    const start = page().indexOf('{"id":')
    return page().slice(start, page().indexOf('},{"id":', start) + 1)
  }
  /** The page with its first record's text edited. */
  const withFirstRecord = (edit: (r: string) => string): string => page().replace(record(), edit(record()))
  const pageOf = (records: string[]): string => `{"code":200,"message":"success","data":{"list":[${records.join(',')}],"total":${records.length}}}`

  it('takes a service page, amounts beyond 2^53 kept exactly', () => {
    expect(expectLikeExact(page())).toBe('quick')
    const big = withFirstRecord((r) => r.replace(/"amount":[^,]+/, '"amount":10000000000000000000001.000000'))
    expect(expectLikeExact(big)).toBe('quick')
    expect(quickHistoryPage(big)?.list[0]?.amount).toBe('10000000000000000000001.000000')
  })

  it('stands aside for anything it cannot vouch for; the exact path then gives the page or its error', () => {
    const cases: [string, string][] = [
      ['a \\u-spelled amount key', withFirstRecord((r) => r.replace('"amount":', '"\\u0061mount":'))],
      ['a \\u-spelled stable key', withFirstRecord((r) => r.replace('"usdtValume":', '"usdt\\u0056alume":'))],
      ['a \\u-spelled duplicate of an amount, same double', withFirstRecord((r) => r.replace(/"amount":[^,]+/, '"amount":10000000000000000000001.000000,"\\u0061mount":10000000000000000000000.000000'))],
      ['a \\u-spelled duplicate of an amount, other spelling', withFirstRecord((r) => r.replace(/"amount":[^,]+/, '"amount":1.5,"a\\u006dount":1.50'))],
      ['a duplicate of a stable key escaped in its prefix', withFirstRecord((r) => r.replace('"usdtValume":', '"\\u4e2dValume":2.50,"中Valume":2.5,"usdtValume":'))],
      ['a \\u-spelled __proto__ key', withFirstRecord((r) => r.replace('{"id":', '{"\\u005f_proto__":{"polluted":1},"id":'))],
      ['a fraction in an integer field', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":1.00000000000000001'))],
      ['a negative exponent in an integer field', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":1e-400'))],
      ['a fraction JSON.parse rounds in an unknown array', withFirstRecord((r) => r.replace('{"id":', '{"flags":[1,1.00000000000000001],"id":'))],
      ['a negative exponent in an unknown array', withFirstRecord((r) => r.replace('{"id":', '{"flags":[[2e-400]],"id":'))],
      ['a fraction JSON.parse rounds in an unknown object', withFirstRecord((r) => r.replace('{"id":', '{"extra":{"n":1.00000000000000001},"id":'))],
      ['a fraction in a string field', withFirstRecord((r) => r.replace(/"chain":"[^"]*"/, '"chain":1.5'))],
      ['an unsafe integer in an integer field', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":12345678901234567890'))],
      ['an unsafe integer in an unknown field', withFirstRecord((r) => r.replace('{"id":', '{"big":12345678901234567890,"id":'))],
      ['an amount key in an unknown object', withFirstRecord((r) => r.replace('{"id":', '{"extra":{"sending":5},"id":'))],
      ['nesting past the limit in an unknown field', withFirstRecord((r) => r.replace('{"id":', `{"deep":${'['.repeat(70)}${']'.repeat(70)},"id":`))],
      ['nesting past the limit in a string field', withFirstRecord((r) => r.replace('"chain":', `"chain":${'['.repeat(70)}${']'.repeat(70)},"x":`))],
      ['nesting past the limit in the envelope', page().replace('{"code":200', `{"x":${'['.repeat(70)}${']'.repeat(70)},"code":200`)],
      ['a __proto__ object in a string field', withFirstRecord((r) => r.replace('"chain":', '"chain":{"__proto__":{"polluted":2}},"x":'))],
      ['a fractional envelope code', page().replace('"code":200', '"code":200.0')],
      ['a string envelope code', page().replace('"code":200', '"code":"200"')],
      ['an envelope error', page().replace('"code":200', '"code":500')],
      ['a number too long to read in the envelope', page().replace('{"code":200', `{"n":${'9'.repeat(1200)},"code":200`)],
      ['an amount too long to read', withFirstRecord((r) => r.replace(/"amount":[^,]+/, `"amount":${'9'.repeat(1200)}`))],
      ['an amount of too many digits', withFirstRecord((r) => r.replace(/"amount":[^,]+/, `"amount":${'9'.repeat(200)}`))],
      ['look-alike text in a string', withFirstRecord((r) => r.replace('"chain":"', '"chain":"x\\",\\"amount\\":1.5,'))],
      ['an escaped quote before a key-like text', withFirstRecord((r) => r.replace('{"id":', '{"x\\"amount":2.5,"id":'))],
      ['a malformed amount', withFirstRecord((r) => r.replace(/"amount":[^,]+/, '"amount":01'))],
      ['an amount as a string', withFirstRecord((r) => r.replace(/"amount":([^,]+)/, '"amount":"$1"'))],
      ['a record failing its schema', withFirstRecord((r) => r.replace(/"height":\d+/, '"height":"high"'))],
      ['a record missing a field', withFirstRecord((r) => r.replace(/"height":\d+,/, ''))],
      ['a duplicate amount key, both numbers', withFirstRecord((r) => r.replace('"amount":', '"amount":7.000001,"amount":'))],
      ['a duplicate amount key, text then number', withFirstRecord((r) => r.replace('"amount":', '"amount":"s","amount":'))],
      ['a duplicate amount key, number then text', withFirstRecord((r) => r.replace(/("amount":[^,]+)/, '$1,"amount":"s"'))],
      ['a duplicate that moves an amount ahead of inAmount', withFirstRecord((r) => r.replace('{"id":', '{"inAmount":"x","amount":"y","id":'))],
      ['a duplicate stable key', withFirstRecord((r) => r.replace('"usdtValume":', '"usdtValume":3.5,"usdtValume":'))],
      ['an amount in the envelope', page().replace('{"code":200', '{"amount":1.5,"code":200')],
      ['a whole amount in the envelope', page().replace('{"code":200', '{"amount":2,"code":200')],
      ['an amount in data', page().replace('"data":{', '"data":{"inAmount":2.5,')],
      ['an amount in a nested unknown object', withFirstRecord((r) => r.replace('{"id":', '{"extra":{"amount":5.25},"id":'))],
      ['an amount in a nested array', withFirstRecord((r) => r.replace('{"id":', '{"extra":[{"usdtValume":5.25}],"id":'))],
      ['a second stable-looking key', withFirstRecord((r) => r.replace('{"id":', '{"daiValume":1.000000,"id":'))],
      ['a stable key that names no symbol', withFirstRecord((r) => r.replace('{"id":', '{"X-Valume":1.000000,"id":'))],
      ['a malformed stable value', withFirstRecord((r) => r.replace(/"usdtValume":[^,]+/, '"usdtValume":"lots"'))],
      ['an amount key with whitespace', withFirstRecord((r) => r.replace('"amount":', '"amount" :\n '))],
      ['sending as a number', withFirstRecord((r) => r.replace('{"id":', '{"sending":12.5,"id":'))],
      ['an amount where a record should be', page().replace('"list":[', '"list":[1.5,')],
      ['a number in a detail string field', withFirstRecord((r) => r.replace(/"tokenObject":"(?:[^"\\]|\\.)*"/, '"tokenObject":12'))],
      ['a body that is not JSON', page().slice(0, -3)]
    ]
    for (const [name, text] of cases) {
      expect(text, name).not.toBe(page())
      expectLikeExact(text)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('agrees with the exact path on mutated pages', () => {
    const junk = fc.oneof(
      fc.json(),
      fc.constantFrom('"amount":1.5', '"usdtValume":', '\\"', '\\u0061', 'u00', '.5', 'e-3', '[', '{"__proto__":1}', '"amount":"s",', ',"inAmount":2.5', '0.99999999999999999', '1.0000000000000001e3', '"x":1e-400,')
    )
    const mutated = fc.tuple(fc.nat(), fc.nat(), junk).map(([a, b, j]) => {
      const i = a % page().length
      return page().slice(0, i) + j + page().slice(Math.min(page().length, i + (b % 120)))
    })
    fc.assert(fc.property(mutated, (text) => void expectLikeExact(text)), { numRuns: 300 })
  })

  it('agrees with the exact path on records of duplicate, integer-like and escaped keys over amounts of every spelling', () => {
    const numberText = fc.oneof(
      fc.constantFrom('1.5', '1.50', '1.500000', '10000000000000000000001.000000', '10000000000000000000000.000000', '7', '-0', '0.000000', '1e3', '2.5e1', '9007199254740993', '1.00000000000000001', '1e-400', '4503599627370495.5'),
      fc.integer().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)
    )
    const key = fc.constantFrom('amount', 'inAmount', 'usdtValume', 'daiValume', 'Valume', 'sending', 'x', 'id', 'height', 'chain', '1', '56', '__proto__', '\\u0061mount', 'a\\u006dount', '\\u4e2dValume', '中Valume', 'amount\\"', 'u00')
    const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, numberText, fc.constantFrom('"s"', 'null', 'true', '"1.5"', '"\\u0061mount"'), tie('object'), tie('array')),
      object: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((entries) => `{${entries.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
      array: fc.array(tie('value'), { maxLength: 3 }).map((values) => `[${values.join(',')}]`)
    }))
    /** A service record with members put in before its own, duplicates of its own among them. */
    const records = fc.array(fc.array(fc.tuple(key, value), { maxLength: 4 }), { minLength: 1, maxLength: 3 }).map((extras) =>
      pageOf(extras.map((members) => record().replace('{', `{${members.map(([k, v]) => `"${k}":${v},`).join('')}`)))
    )
    assertQuickAgrees(records, expectLikeExact, 1500, 150)
  })

  it('records sharing a detail text share one frozen object; each record keeps its own issues', () => {
    const decoded = decode(page())
    const byText = new Map<string, unknown>()
    const raw = (JSON.parse(page()) as { data: { list: Record<string, string>[] } }).data.list
    decoded.list.forEach((r, i) => {
      for (const f of ['fromChainObject', 'toChainObject', 'tokenObject'] as const) {
        const text = raw[i]![f]!
        expect(r[f]).toEqual(JSON.parse(text))
        expect(Object.isFrozen(r[f])).toBe(true)
        if (byText.has(text)) expect(r[f]).toBe(byText.get(text))
        byText.set(text, r[f])
      }
    })
    decoded.list[0]!.issues.push({ field: 'x', reason: 'y', raw: null })
    expect(decoded.list[1]!.issues).toEqual([])
  })

  it('keeps nothing from one body to the next, and decodes a page of more distinct texts than it compares directly', () => {
    const first = decode(page())
    const again = decode(page())
    expect(again).toEqual(first)
    expect(again.list[0]!.fromChainObject).not.toBe(first.list[0]!.fromChainObject)
    // 1,000 different token names: past the texts compared one by one, a Map takes over mid-page.
    const records = Array.from({ length: 1000 }, (_, i) =>
      record().replace(/"id":\d+/, `"id":${i + 1}`).replace(/\\"name\\":\\"[^\\]*\\"/, `\\"name\\":\\"Token ${i}\\"`)
    )
    decode(pageOf(records)).list.forEach((r, i) => expect(r.tokenObject?.name).toBe(`Token ${i}`))
  })

  it('in a page of 10,000, a malformed detail string in record 7,000 costs that record that field only', () => {
    const records = Array.from({ length: 10_000 }, (_, i) => record().replace(/"id":\d+/, `"id":${i + 1}`))
    records[7000] = records[7000]!.replace(/"tokenObject":"(?:[^"\\]|\\.)*"/, '"tokenObject":"{\\"address\\":\\"0x1\\", broken"')
    const decoded = decode(pageOf(records))
    expect(decoded.list).toHaveLength(10_000)
    expect(decoded.list[7000]!.tokenObject).toBeNull()
    expect(decoded.list[7000]!.issues).toEqual([{ field: 'tokenObject', reason: expect.stringContaining('not valid JSON'), raw: '{"address":"0x1", broken' }])
    expect(decoded.list[6999]!.tokenObject).not.toBeNull()
    expect(decoded.list[7001]!.issues).toEqual([])

    records[7000] = record().replace(/"height":\d+/, '"height":"high"')
    try {
      decode(pageOf(records))
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).kind).toBe('decode')
      expect((error as AppError).field).toBe('height')
      expect((error as AppError).message).toContain('record 7000')
    }
  })
})

describe('zod on every record', () => {
  const records = (): Record<string, unknown>[] => historyData().list
  const oddValue = fc.oneof(
    fc.jsonValue(),
    fc.constantFrom(null, '', '1.5', '-0', '1e5', '1'.repeat(120), 1.5, -0, 2 ** 53, -(2 ** 53) + 1, 1e300, [], {}, { a: 1 }, true)
  )
  /** A record with fields replaced, removed or added, as JSON.parse would make it. */
  const edited = fc.array(
    fc.record({
      field: fc.oneof(fc.constantFrom(...Object.keys(transferRecordWireSchema.shape)), fc.string(), fc.constantFrom('constructor', 'toString')).filter((f) => f !== '__proto__'),
      value: oddValue,
      remove: fc.boolean()
    }),
    { minLength: 1, maxLength: 4 }
  )
  const apply = (base: Record<string, unknown>, edits: { field: string; value: unknown; remove: boolean }[]): Record<string, unknown> => {
    const record = JSON.parse(JSON.stringify(base)) as Record<string, unknown>
    for (const e of edits) {
      if (e.remove) delete record[e.field]
      else Object.defineProperty(record, e.field, { value: e.value, enumerable: true, writable: true, configurable: true })
    }
    return record
  }

  it('the wire schemas only check: wherever one passes a value, its output is that value', () => {
    // The decoder keeps the parsed record itself rather than a copy from zod: a default or a transform
    // added to a wire schema must fail here. (zod leaves out an own `__proto__` member, which the parse
    // refuses before any schema sees it.)
    const base = records()
    fc.assert(
      fc.property(fc.nat(), edited, (pick, edits) => {
        const record = apply(base[pick % base.length]!, edits)
        const result = transferRecordWireSchema.safeParse(record)
        if (result.success) expect(result.data).toStrictEqual(record)
      }),
      { numRuns: 1000 }
    )
    for (const [schema, value] of [
      [chainDetailSchema, { chain: 'eth', chainId: 1, chainImg: '', chainName: 'E', contract: '0x', gasLimit: '1', id: 1, rpc: '', scanUrl: '', extra: [1] }],
      [tokenDetailSchema, { address: '0x', chainId: 1, decimal: 6, id: 1, img: '', isMint: 0, name: 'T', symbol: 'T', tokenId: 't' }],
      [wireDecimal, '1.500000']
    ] as const) expect((schema as z.ZodType).parse(value)).toStrictEqual(value)
  })

  it('every field the record schema names holds a string, a safe integer or null wherever it passes a record', () => {
    // The quick way leaves those members to zod: an object, a fraction or an unsafe integer there would need
    // the exact scan's eye, so a field of another type added to the schema must fail here.
    const fields = Object.keys(transferRecordWireSchema.shape)
    const base = records()
    const plain = (v: unknown): boolean => v === null || typeof v === 'string' || Number.isSafeInteger(v)
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...fields), oddValue, (pick, field, value) => {
        const record = { ...base[pick % base.length]!, [field]: value }
        if (transferRecordWireSchema.safeParse(record).success) expect(plain(value), `${field}: ${JSON.stringify(value)}`).toBe(true)
      }),
      { numRuns: 2000 }
    )
  })

  it('the compiled record schema gives the schema\'s own verdict on any record', () => {
    const compiled = z.compile(transferRecordWireSchema)
    const base = records()
    fc.assert(
      fc.property(fc.nat(), edited, (pick, edits) => {
        const record = apply(base[pick % base.length]!, edits)
        expect(compiled.validate(record)).toBe(transferRecordWireSchema.safeParse(record).success)
      }),
      { numRuns: 1000 }
    )
  })
})
