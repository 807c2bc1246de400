// The TSS cross-chain API client on MAP's own examples (test/fixtures/map/tss-*.json, verbatim; sources in
// TSS-SOURCES.md) and on generated records: legs missing in every way MAP leaves one out, integers far beyond
// 2^53, odd chain ids and hashes.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TssClient, tssEndpoint, unwrapTssEnvelope } from '../../../../src/main/client/tss-api'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { tssOrderSchema, TSS_LEG_NAMES } from '../../../../src/shared/schemas/tss'
import { tracedLegs, tssRoute, tssStatusLabel } from '../../../../src/shared/tss'
import { AppError } from '../../../../src/shared/errors'
import { expectAppError } from './helpers'

const fixture = (name: string): string => readFileSync(`test/fixtures/map/${name}`, 'utf8')

type Answer = { status?: number; type?: string; body: string } | 'hang'
/** A server that answers each request with what `route` says; it records what it was asked. */
async function serve(route: (url: URL) => Answer): Promise<{ url: string; seen: URL[]; close(): Promise<void> }> {
  const seen: URL[] = []
  const hanging = new Set<ServerResponse>()
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push(url)
    const a = route(url)
    if (a === 'hang') {
      hanging.add(res)
      return
    }
    res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/json' }).end(a.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.destroy()
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

const MAP_FIXTURES: Record<string, string> = {
  '/cross/chain/height': 'tss-chain-height.json',
  '/cross/chain/height/orders': 'tss-chain-height-orders.json',
  '/cross/order': 'tss-order.json',
  '/cross/tx': 'tss-tx.json',
  '/cross/pending/tx': 'tss-pending-tx.json'
}

describe("MAP's published examples pass the client verbatim", () => {
  let server: Awaited<ReturnType<typeof serve>>
  let client: TssClient
  beforeAll(async () => {
    server = await serve((url) => {
      const name = MAP_FIXTURES[url.pathname]
      return name ? { body: fixture(name) } : { status: 404, body: '{}' }
    })
    client = new TssClient({ url: server.url, retries: 0 })
  })
  afterAll(() => server.close())

  it('getChainTxHeight: the height as exact text, asked with the chain id as a string', async () => {
    expect(await client.chainHeight('22776')).toBe('22099966')
    const asked = server.seen.at(-1)!
    expect(asked.pathname).toBe('/cross/chain/height')
    expect(asked.searchParams.get('chainId')).toBe('22776')
  })

  it("getOrderSetByChainHeight: the set, and the answer's own height (the scan height, not the one asked for)", async () => {
    const set = await client.ordersAtHeight(22776, '22099953')
    expect(set.height).toBe('22099966')
    expect(set.set).toEqual([
      '0x4acc386427ec855298c70442167cad7c51a614e1d2392c85013761296da490bd',
      '0xe2cb120be5c7c03c600e3a202a2b4a5bdf69410db5b0a67a2be4a7d2a81cb141'
    ])
    expect(server.seen.at(-1)!.searchParams.get('height')).toBe('22099953')
  })

  for (const [name, call] of [
    ['getRecordByOrderId', (c: TssClient) => c.order('0x4acc386427ec855298c70442167cad7c51a614e1d2392c85013761296da490bd')],
    ['getRecordByTxHash', (c: TssClient) => c.orderByTx('0x3851dfca6deef8095bce53a6b63230359d9dc3a9e944d5827ab36df387b2fea7')]
  ] as const) {
    it(`${name}: every leg, exact numbers, status by MAP's name, the order id from the legs`, async () => {
      const order = await call(client)
      expect(order).not.toBeNull()
      if (!order) return
      expect(order.order_id).toBe('0x4acc386427ec855298c70442167cad7c51a614e1d2392c85013761296da490bd')
      expect(order.status).toBe('3')
      expect(tssStatusLabel(order.status)).toBe('Completed')
      expect(order.status_str).toBe('completed')
      expect(order.now).toBeNull() // the example's 0: not given
      expect(order.src).toMatchObject({ chain: '22776', height: '22099953', log_index: '6', timestamp: '1768802635' })
      expect(order.dest).toMatchObject({ chain: '56', height: '76128655', log_index: '213', tx_hash: '0xa7186bd57ed3a5c7a7f3fc4651e33de1ab0939c6c08b9db25a1c19368335bc12' })
      for (const leg of TSS_LEG_NAMES) {
        expect(order[leg]?.chain_and_gas_limit).toBe('142967269125167041077142995715525384507308163214988674526560832')
      }
      expect(tssRoute(order)).toEqual({ from: '22776', to: '56' })
      expect(tracedLegs(order).map((l) => [l.name, l.tookSec])).toEqual([
        ['src', null],
        ['relay', 0],
        ['relay_signed', 10],
        ['dest', 6],
        ['map_dest', 49]
      ])
    })
  }

  it('getChainPendingTxs: a hash without 0x, kept as sent, for a chain id beyond 2^50', async () => {
    expect(await client.pendingTxs('1360095883558914')).toEqual(['8c2d4520b91d4407c542256d46eace870b012704e10712ad220619af6b195780'])
    expect(server.seen.at(-1)!.searchParams.get('chainId')).toBe('1360095883558914')
  })

  it('trace: an order id is asked as an order first', async () => {
    const before = server.seen.length
    const trace = await client.trace('0x4acc386427ec855298c70442167cad7c51a614e1d2392c85013761296da490bd')
    expect(trace?.via).toBe('order')
    expect(server.seen.slice(before).map((u) => u.pathname)).toEqual(['/cross/order'])
  })
})

// The record MAP's server sends for an id or hash it does not know (compass-tss GetCrossData*).
const EMPTY_RECORD = '{"code":0,"data":{"data":{"src":null,"relay":null,"dest":null,"map_dest":null,"now":1767097427,"status":0,"status_str":"init","order_id":""}},"msg":"success"}'

describe('answers the document does not show', () => {
  let server: Awaited<ReturnType<typeof serve>>
  let client: TssClient
  let next: Answer = { body: '{}' }
  beforeAll(async () => {
    server = await serve(() => next)
    client = new TssClient({ url: server.url, retries: 0, timeoutMs: 1000 })
  })
  afterAll(() => server.close())

  it('an unknown order or hash is null, not an error', async () => {
    next = { body: EMPTY_RECORD }
    expect(await client.order('0x' + 'ab'.repeat(32))).toBeNull()
    expect(await client.orderByTx('deadbeefdeadbeefdeadbeef')).toBeNull()
    next = { body: '{"code":0,"data":{"data":null},"msg":"success"}' }
    expect(await client.orderByTx('deadbeefdeadbeefdeadbeef')).toBeNull()
  })

  it('trace falls back from the order id to the hash when no order has that id', async () => {
    next = { body: EMPTY_RECORD }
    const before = server.seen.length
    expect(await client.trace('0x' + 'cd'.repeat(32))).toBeNull()
    expect(server.seen.slice(before).map((u) => u.pathname)).toEqual(['/cross/order', '/cross/tx'])
  })

  it('a chain MAP has not scanned has a null height; a null pending list is empty', async () => {
    next = { body: '{"code":0,"data":{"height":""},"msg":"success"}' }
    expect(await client.chainHeight(5)).toBeNull()
    next = { body: '{"code":0,"data":{"txs":null},"msg":"success"}' }
    expect(await client.pendingTxs(5)).toEqual([])
    next = { body: '{"code":0,"data":{"txs":["a1b2c3d4e5f6a7b8","a1b2c3d4e5f6a7b8","0xff"]},"msg":"success"}' }
    expect(await client.pendingTxs(5)).toEqual(['a1b2c3d4e5f6a7b8', '0xff'])
  })

  it("compass-tss's own server sends no envelope: the payload is taken as it is", async () => {
    next = { body: '{"height":"123"}' }
    expect(await client.chainHeight(1)).toBe('123')
  })

  it('a code other than 0 is an api error with MAP\'s message', async () => {
    next = { body: '{"code":500,"data":null,"msg":"leveldb: closed"}' }
    const e = await expectAppError(client.chainHeight(1), 'api')
    expect(e.code).toBe(500)
    expect(e.operation).toBe('getChainTxHeight')
    expect(e.message).toContain('leveldb: closed')
  })

  it('a wrong type is a decode error naming the field', async () => {
    next = { body: '{"code":0,"data":{"data":{"src":{"tx_hash":"0xab","height":"tall"},"status":1}},"msg":"success"}' }
    const e = await expectAppError(client.orderByTx('0x' + 'ab'.repeat(32)), 'decode')
    expect(e.field).toBe('data.data.src.height')
    next = { body: '{"code":0,"data":{"txs":"0xabc"},"msg":"success"}' }
    expect((await expectAppError(client.pendingTxs(1), 'decode')).field).toBe('data.txs')
  })

  it('HTTP failures keep the kinds of the other clients', async () => {
    next = { status: 500, body: '' }
    expect((await expectAppError(client.chainHeight(1), 'http')).code).toBe(500)
    next = { status: 502, type: 'text/html', body: '<html>Bad Gateway</html>' }
    await expectAppError(client.chainHeight(1), 'protocol')
    next = { body: 'not json' }
    await expectAppError(client.chainHeight(1), 'protocol')
    next = 'hang'
    await expectAppError(client.chainHeight(1), 'timeout')
  })

  it('a caller that gives up cancels the request', async () => {
    next = 'hang'
    const stop = new AbortController()
    const pending = client.pendingTxs(1, { signal: stop.signal })
    stop.abort()
    await expectAppError(pending, 'cancelled')
  })

  it('bad input is refused before anything is sent', async () => {
    const before = server.seen.length
    await expectAppError(client.chainHeight('0'), 'input')
    await expectAppError(client.chainHeight('56a'), 'input')
    await expectAppError(client.order('0x1234'), 'input')
    await expectAppError(client.orderByTx('0x12; drop'), 'input')
    await expectAppError(client.ordersAtHeight(1, '-5'), 'input')
    expect(server.seen.length).toBe(before)
  })
})

describe('the endpoint URL', () => {
  it('keeps a path prefix and the root\'s own query (an API key), adds ours', () => {
    const url = new URL(tssEndpoint('https://tss.example/api/v1?key=s3cret', 'getChainPendingTxs', { chainId: '56' }))
    expect(url.pathname).toBe('/api/v1/cross/pending/tx')
    expect(url.searchParams.get('key')).toBe('s3cret')
    expect(url.searchParams.get('chainId')).toBe('56')
  })
  it('refuses credentials and non-http URLs, as every URL we take', () => {
    expect(() => new TssClient({ url: 'https://user:pw@tss.example' })).toThrow(AppError)
    expect(() => new TssClient({ url: 'ftp://tss.example' })).toThrow(AppError)
    expect(() => new TssClient({ url: '' })).toThrow(/no TSS API URL/)
  })
})

describe('unwrapTssEnvelope', () => {
  it('code as digits text is a code; a missing data with code 0 is a protocol error', () => {
    expect(unwrapTssEnvelope({ code: '0', data: 5, msg: '' }, 'op')).toBe(5)
    expect(() => unwrapTssEnvelope({ code: 0, msg: 'success' }, 'op')).toThrow(/no data/)
    expect(() => unwrapTssEnvelope([1], 'op')).toThrow(AppError)
  })
})

// ---- generated records ----------------------------------------------------------------------------------

/** An integer's JSON text, often beyond 2^53: written raw so only a lossless parse keeps it. */
const bigIntText = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 53n }), fc.bigInt({ min: 2n ** 53n, max: 2n ** 256n })).map(String)
const chainId = fc.oneof(fc.constantFrom('1', '56', '22776', '1360095883558914', '1360095883558913'), fc.bigInt({ min: 1n, max: 2n ** 63n }).map(String))
const hash = fc.oneof(
  fc.stringMatching(/^0x[0-9a-f]{64}$/),
  fc.stringMatching(/^[0-9a-f]{64}$/),
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{87,88}$/)
)
interface GenLeg {
  tx: string
  chain: string
  height: string
  logIndex: string
  timestamp: string
  cgl: string
}
const legGen: fc.Arbitrary<GenLeg> = fc.record({ tx: hash, chain: chainId, height: bigIntText, logIndex: bigIntText, timestamp: bigIntText, cgl: bigIntText })
/** present, or absent in one of MAP's ways: key left out, null, {} or an empty tx_hash */
type MaybeLeg = { kind: 'present'; l: GenLeg } | { kind: 'omitted' | 'null' | 'empty' | 'zero' }
const maybeLeg: fc.Arbitrary<MaybeLeg> = fc.oneof(
  legGen.map((l) => ({ kind: 'present' as const, l })),
  fc.constantFrom({ kind: 'omitted' as const }, { kind: 'null' as const }, { kind: 'empty' as const }, { kind: 'zero' as const })
)

function legText(g: MaybeLeg): string | undefined {
  switch (g.kind) {
    case 'omitted':
      return undefined
    case 'null':
      return 'null'
    case 'empty':
      return '{}'
    case 'zero':
      return '{"tx_hash":"","height":0,"chain":"","timestamp":0,"chain_and_gas_limit":""}'
    case 'present':
      // heights and times as bare JSON numbers, whatever their size; the packed route as a string
      return `{"tx_hash":${JSON.stringify(g.l.tx)},"topic":"0x01","height":${g.l.height},"order_id":"0xabc","log_index":${g.l.logIndex},"chain":${JSON.stringify(g.l.chain)},"chain_and_gas_limit":${JSON.stringify(g.l.cgl)},"timestamp":${g.l.timestamp},"is_memoized":false}`
  }
}

describe('generated records', () => {
  it('every present leg comes back with its exact integers; every absent one as null', () => {
    fc.assert(
      fc.property(fc.tuple(maybeLeg, maybeLeg, maybeLeg, maybeLeg, maybeLeg), fc.oneof(fc.integer({ min: 0, max: 9 }).map(String), bigIntText), (legs, status) => {
        const parts = TSS_LEG_NAMES.map((name, k) => {
          const text = legText(legs[k]!)
          return text === undefined ? null : `${JSON.stringify(name)}:${text}`
        }).filter((p): p is string => p !== null)
        const body = `{"code":0,"data":{"data":{${[...parts, `"status":${status}`, '"status_str":"x"', '"order_id":""', '"now":0'].join(',')}}},"msg":"success"}`
        const data = unwrapTssEnvelope(parseLossless(body), 'test') as { data: unknown }
        const order = tssOrderSchema.parse(data.data)
        expect(order.status).toBe(BigInt(status).toString())
        TSS_LEG_NAMES.forEach((name, k) => {
          const g = legs[k]!
          if (g.kind !== 'present') return expect(order[name]).toBeNull()
          expect(order[name]).toMatchObject({
            tx_hash: g.l.tx,
            chain: g.l.chain,
            height: BigInt(g.l.height).toString(),
            log_index: BigInt(g.l.logIndex).toString(),
            timestamp: BigInt(g.l.timestamp).toString(),
            chain_and_gas_limit: BigInt(g.l.cgl).toString()
          })
        })
        // a decoded record is its own decoding: the cache reads it back through the same schema
        expect(tssOrderSchema.parse(JSON.parse(JSON.stringify(order)))).toEqual(order)
        expect(tssStatusLabel(order.status)).toMatch(/^(Init|Pending|Send|Completed|Failed|status \d+)$/)
      }),
      { numRuns: 300 }
    )
  })
})
