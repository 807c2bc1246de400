import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { startSimulator, type SimOperation, type Simulator } from '../../../support/simulator'
import { formatAmount } from '../../../../src/shared/decimal'
import { expectAppError, startPrefixProxy } from './helpers'

let sim: Simulator
let client: BridgeClient
const fast = { retryDelayMs: () => 20, timeoutMs: 3_000 }

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, transfers: 3000, rotateEveryMs: null })
  client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], ...fast })
})
afterAll(async () => sim.close())
afterEach(() => sim.clearFaults())

function requests(op: SimOperation): number {
  return sim.stats().requests[op]
}

describe('operations against the simulator', () => {
  it('queryChainList', async () => {
    const chains = await client.queryChainList()
    expect(chains.length).toBeGreaterThan(1)
    for (const c of chains) {
      expect(typeof c.chainId).toBe('number')
      expect(typeof c.chainName).toBe('string')
    }
  })

  it('queryTokenList', async () => {
    const tokens = await client.queryTokenList()
    const keys = Object.keys(tokens)
    expect(keys.length).toBeGreaterThan(0)
    for (const k of keys) {
      expect(k).toMatch(/^\d+$/)
      for (const t of tokens[k] ?? []) expect(Number.isInteger(t.decimal)).toBe(true)
    }
  })

  it('queryHistory: a page of decoded records', async () => {
    const { address, chainId, count } = sim.sample().addresses[0]!
    const page = await client.queryHistory({ address, chainId, pageSize: 25 })
    expect(page.total).toBe(count)
    expect(page.list.length).toBe(Math.min(25, count))
    for (const r of page.list) {
      expect(r.from.toLowerCase()).toBe(address.toLowerCase())
      expect(r.fromChainid).toBe(chainId)
      expect(typeof r.amount).toBe('string')
      expect(r.fromChainObject?.chainId).toBe(r.fromChainid)
      expect(r.tokenObject).not.toBeNull()
      expect(r.stable?.symbol).toBe('USDT')
      expect(r.stable?.field).toBe('usdtValume')
      expect(r.issues).toEqual([])
    }
    const page2 = await client.queryHistory({ address, chainId, pageNo: 2, pageSize: 25 })
    expect(page2.list.map((r) => r.id)).not.toContain(page.list[0]!.id)
  })

  it('queryBridgeInfo keeps 10^22+1 exact', async () => {
    const hash = sim.sample().txHashes[0]!
    const detail = await client.queryBridgeInfo(hash)
    expect(detail.fromHash.toLowerCase()).toBe(hash.toLowerCase())
    expect(detail.sending).toMatch(/^10000000000000000000001(\.0+)?$/)
    expect(detail.tokenObject?.decimal).toBe(18)
    expect(formatAmount(detail.sending, detail.tokenObject!.decimal)).toBe('10,000.000000000000000001')
    expect(detail.relayerObject === null || typeof detail.relayerObject === 'object').toBe(true)
  })

  it('unknown tx hash → api error with the service code and message', async () => {
    const e = await expectAppError(client.queryBridgeInfo('0x' + 'ab'.repeat(32)), 'api')
    expect(e.code).toBe(404)
    expect(e.operation).toBe('queryBridgeInfo')
    expect(e.message).toContain('not found')
  })

  it('tss_getVault latest and by epoch (decimal and hex)', async () => {
    const latest = await client.getVault('latest')
    expect(latest.query).toBe('latest')
    expect(latest.records?.length).toBeGreaterThan(0)
    const epoch = sim.sample().epochs[0]!
    const byNumber = await client.getVault(String(epoch))
    expect(byNumber.query).toBe('0x' + epoch.toString(16))
    const byHex = await client.getVault('0X' + epoch.toString(16).toUpperCase())
    expect(byHex.raw).toEqual(byNumber.raw)
  })

  it('vault of an unknown shape is kept whole with records null', async () => {
    const other = await startSimulator({ seed: 3, transfers: 10, rotateEveryMs: null, vaultShape: 'unknown' })
    try {
      const v = await new BridgeClient({ baseUrl: other.baseUrl, rpcUrls: [other.rpcUrl] }).getVault('latest')
      expect(v.records).toBeNull()
      expect(v.raw).not.toBeNull()
    } finally {
      await other.close()
    }
  })

  it('a path-prefixed base URL with a trailing slash works', async () => {
    const proxy = await startPrefixProxy(sim.baseUrl, '/bridge/v1')
    try {
      const c = new BridgeClient({ baseUrl: proxy.url, ...fast })
      expect(proxy.url.endsWith('/bridge/v1/')).toBe(true)
      expect((await c.queryChainList()).length).toBeGreaterThan(0)
      const noSlash = new BridgeClient({ baseUrl: proxy.url.slice(0, -1), ...fast })
      expect((await noSlash.queryTokenList())).toBeTruthy()
    } finally {
      await proxy.close()
    }
  })
})

describe('what goes on the wire', () => {
  it('JSON bodies with Content-Type where there are parameters, no body where there are none', async () => {
    const proxy = await startPrefixProxy(sim.baseUrl, '/x')
    try {
      const c = new BridgeClient({ baseUrl: proxy.url, rpcUrls: [proxy.url + 'rpc'], ...fast })
      const { address, chainId } = sim.sample().addresses[0]!
      await c.queryChainList()
      await c.queryTokenList()
      await c.queryHistory({ address, chainId })
      await c.queryBridgeInfo(sim.sample().txHashes[0]!)
      await c.getVault(12).catch(() => undefined)
      const [chains, tokens, history, info, rpc] = proxy.seen
      for (const r of [chains, tokens]) {
        expect(r!.method).toBe('POST')
        expect(r!.body).toBe('')
      }
      expect(chains!.path).toBe('/x/api/queryChainList')
      expect(history!.contentType).toMatch(/^application\/json/)
      expect(JSON.parse(history!.body)).toEqual({ address, chainId, pageNo: 1, pageSize: 10 })
      expect(JSON.parse(info!.body)).toEqual({ txHash: sim.sample().txHashes[0] })
      expect(rpc!.path).toBe('/x/rpc')
      expect(JSON.parse(rpc!.body)).toEqual({ jsonrpc: '2.0', method: 'tss_getVault', params: ['0xc'], id: expect.any(Number) })
    } finally {
      await proxy.close()
    }
  })
})

describe('error classes', () => {
  it('envelope code ≠ 200 → api', async () => {
    sim.setFaults('queryChainList', { envelope: { code: 500, message: 'busy, try later' } })
    const e = await expectAppError(client.queryChainList(), 'api')
    expect(e.code).toBe(500)
    expect(e.message).toContain('busy, try later')
  })

  it('429 is retried (Retry-After honoured) and then succeeds', async () => {
    const before = requests('queryChainList')
    sim.setFaults('queryChainList', { status: 429, times: 1 })
    const t0 = Date.now()
    expect((await client.queryChainList()).length).toBeGreaterThan(0)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900)
    expect(requests('queryChainList') - before).toBe(2)
  })

  it('5xx retries exhausted → http with status, three attempts', async () => {
    const before = requests('queryTokenList')
    sim.setFaults('queryTokenList', { status: 503 })
    const e = await expectAppError(client.queryTokenList(), 'http')
    expect(e.code).toBe(503)
    expect(requests('queryTokenList') - before).toBe(3)
  })

  it('a 500 once, then success', async () => {
    sim.setFaults('queryTokenList', { status: 500, times: 1 })
    expect(await client.queryTokenList()).toBeTruthy()
  })

  it('HTML body → protocol naming the status', async () => {
    sim.setFaults('queryChainList', { html: true })
    const e = await expectAppError(client.queryChainList(), 'protocol')
    expect(e.message).toContain('502')
    expect(e.message).toContain('HTML')
    expect(e.operation).toBe('queryChainList')
  })

  it('truncated body → protocol, no parser stack', async () => {
    sim.setFaults('queryTokenList', { truncate: true })
    const e = await expectAppError(client.queryTokenList(), 'protocol')
    expect(e.message).toMatch(/^HTTP 200: the body is not valid JSON/)
    expect(e.stack ?? '').not.toContain('SyntaxError')
  })

  it('wrong field types → decode naming the record and field', async () => {
    const { address, chainId } = sim.sample().addresses[0]!
    sim.setFaults('queryHistory', { wrongTypes: true })
    const e = await expectAppError(client.queryHistory({ address, chainId }), 'decode')
    expect(e.field).toBe('total')
    sim.setFaults('queryBridgeInfo', { wrongTypes: true })
    const d = await expectAppError(client.queryBridgeInfo(sim.sample().txHashes[0]!), 'decode')
    expect(d.field).toMatch(/sending|ChainId/)
  })

  it('response size cap → protocol while streaming', async () => {
    const small = new BridgeClient({ baseUrl: sim.baseUrl, maxBytes: 1024 * 1024, ...fast, timeoutMs: 600_000 })
    const { address, chainId } = sim.sample().addresses[0]!
    sim.setFaults('queryHistory', { hugeBodyMb: 4 })
    const e = await expectAppError(small.queryHistory({ address, chainId }), 'protocol')
    expect(e.message).toBe('response larger than 1 MB')
  })

  it('default cap is 20 MB', async () => {
    sim.setFaults('queryChainList', { hugeBodyMb: 25 })
    // the cap, not the clock: 20 MB through a busy machine may take longer than the suite's quick 3 s deadline
    const patient = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], ...fast, timeoutMs: 600_000 })
    const e = await expectAppError(patient.queryChainList(), 'protocol')
    expect(e.message).toBe('response larger than 20 MB')
  })

  it('slow answer → timeout', async () => {
    const quick = new BridgeClient({ baseUrl: sim.baseUrl, timeoutMs: 200, retries: 0 })
    sim.setFaults('queryChainList', { latencyMs: 1500 })
    await expectAppError(quick.queryChainList(), 'timeout')
  })

  it('hang + abort → cancelled, promptly', async () => {
    sim.setFaults('queryChainList', { hang: true })
    const ctl = new AbortController()
    setTimeout(() => ctl.abort(), 100)
    // the service holds the request for ever: only the abort can end it, and it ends as a cancellation
    await expectAppError(client.queryChainList({ signal: ctl.signal }), 'cancelled')
  })

  it('hang → timeout', async () => {
    const quick = new BridgeClient({ baseUrl: sim.baseUrl, timeoutMs: 200 })
    sim.setFaults('queryTokenList', { hang: true })
    await expectAppError(quick.queryTokenList(), 'timeout')
  })

  it('nothing listening → network', async () => {
    const gone = await startSimulator({ transfers: 0, rotateEveryMs: null })
    const url = gone.baseUrl
    await gone.close()
    const c = new BridgeClient({ baseUrl: url, retries: 1, retryDelayMs: () => 10 })
    const e = await expectAppError(c.queryChainList(), 'network')
    expect(e.message).toContain('ECONNREFUSED')
  })

  it('rpc error object → rpc with code and message', async () => {
    sim.setFaults('tss_getVault', { rpcError: { code: -32000, message: 'epoch not found' } })
    const e = await expectAppError(client.getVault('0x1'), 'rpc')
    expect(e.code).toBe(-32000)
    expect(e.message).toContain('epoch not found')
  })

  it('rpc id mismatch → protocol', async () => {
    sim.setFaults('tss_getVault', { badId: true })
    const e = await expectAppError(client.getVault('latest'), 'protocol')
    expect(e.message).toContain('id')
  })

  it('unknown epoch → rpc error from the node', async () => {
    const e = await expectAppError(client.getVault(999_999), 'rpc')
    expect(e.message).toContain('epoch not found')
  })

  it('bad input sends nothing', async () => {
    const before = sim.stats().requests
    const addr = sim.sample().addresses[0]!.address
    const cases: [Promise<unknown>, string][] = [
      [client.queryHistory({ address: '0x123', chainId: 1 }), 'address'],
      [client.queryHistory({ address: addr, chainId: 0 }), 'chainId'],
      [client.queryHistory({ address: addr, chainId: 1.5 }), 'chainId'],
      [client.queryHistory({ address: addr, chainId: 1, pageNo: 0 }), 'pageNo'],
      [client.queryHistory({ address: addr, chainId: 1, pageSize: 101 }), 'pageSize'],
      [client.queryHistory({ address: addr, chainId: 1, pageSize: 0 }), 'pageSize'],
      [client.queryBridgeInfo('0xzz'), 'txHash'],
      [client.getVault('-1'), 'epoch'],
      [client.getVault('twelve'), 'epoch'],
      [client.getVault(-3), 'epoch']
    ]
    for (const [p, field] of cases) expect((await expectAppError(p, 'input')).field).toBe(field)
    expect(sim.stats().requests).toEqual(before)
  })

  it('bad URLs are input errors at construction', async () => {
    expect(() => new BridgeClient({ baseUrl: 'ftp://x' })).toThrow(/http/)
    expect(() => new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: ['nope'] })).toThrow(/URL/)
    await expectAppError(new BridgeClient({ baseUrl: sim.baseUrl }).getVault('latest'), 'input')
  })
})
