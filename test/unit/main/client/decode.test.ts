import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  decodeChainList,
  decodeHistoryPage,
  decodeTokenList,
  decodeTransferDetail,
  unwrapEnvelope
} from '../../../../src/main/client/decode'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { AppError } from '../../../../src/shared/errors'

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
