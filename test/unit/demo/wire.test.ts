import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startSimulator, type Simulator } from '../../support/simulator'
import {
  chainDetailSchema,
  chainRecordSchema,
  historyPageWireSchema,
  tokenDetailSchema,
  tokenListSchema,
  transferDetailWireSchema,
  transferRecordWireSchema
} from '../../../src/shared/schemas/wire'
import { vaultRecordSchema } from '../../../src/shared/schemas/vault'
import { parseLossless, post, rawAmounts, rpcBody, type Envelope } from './helpers'

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0)
const SIX = /^-?\d+\.\d{6}$/

let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, now: () => NOW, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
})

async function api<T>(op: string, body?: unknown): Promise<{ raw: string; env: Envelope<T> }> {
  const { status, text } = await post(`${sim.baseUrl}/api/${op}`, body)
  expect(status).toBe(200)
  return { raw: text, env: parseLossless(text) as Envelope<T> }
}

function busiest(): { address: string; chainId: number; count: number } {
  const top = sim.sample().addresses[0]
  if (!top) throw new Error('sample has no addresses')
  return top
}

describe('queryChainList and queryTokenList', () => {
  it('lists at least 8 chains, including the relay chain, with nullable extras present', async () => {
    const { env } = await api<{ list: unknown[] }>('queryChainList')
    expect(env.code).toBe(200)
    expect(env.message).toBe('success')
    const list = z.array(chainRecordSchema).parse(env.data.list)
    expect(list.length).toBeGreaterThanOrEqual(8)
    expect(list.map((c) => c.chainId)).toEqual(expect.arrayContaining([22776, 1, 56, 137]))
    for (const c of list) {
      expect(c).toMatchObject({ volume: null, tokenAddress: null, decimal: null, liquidity: null })
      expect(c.scanUrl).toMatch(/^https:\/\//)
    }
  })

  it('groups at least 40 tokens by chain id strings, vault fields null when there is no vault', async () => {
    const { env } = await api<{ list: unknown }>('queryTokenList')
    const list = tokenListSchema.parse(env.data.list)
    const tokens = Object.entries(list).flatMap(([key, ts]) => ts.map((t) => ({ key, t })))
    expect(tokens.length).toBeGreaterThanOrEqual(40)
    for (const { key, t } of tokens) expect(String(t.chainId)).toBe(key)
    const decimals = new Set(tokens.map(({ t }) => t.decimal))
    expect(decimals).toContain(6)
    expect(decimals).toContain(18)
    expect(tokens.some(({ t }) => t.vaultToken === null && t.pid === null && t.vaultDecimal === null)).toBe(
      true
    )
    expect(tokens.some(({ t }) => t.vaultToken !== null && t.pid !== null)).toBe(true)
  })
})

describe('queryHistory', () => {
  it('returns valid records whose amounts have six fractional digits and detail strings parse', async () => {
    const top = busiest()
    const { raw, env } = await api<{ list: unknown[]; total: number }>('queryHistory', {
      address: top.address,
      chainId: top.chainId,
      pageSize: 50
    })
    const page = historyPageWireSchema.parse(env.data)
    expect(page.total).toBe(top.count)
    expect(page.list).toHaveLength(Math.min(50, top.count))
    const amounts = rawAmounts(raw)
    expect(amounts.length).toBe(page.list.length * 3)
    for (const a of amounts) expect(a.value).toMatch(SIX)
    expect(amounts.filter((a) => a.field === 'usdtValume')).toHaveLength(page.list.length)
    let previous = Infinity
    for (const item of page.list) {
      const r = transferRecordWireSchema.parse(item)
      expect(r.from).toBe(top.address)
      expect(r.fromChainid).toBe(top.chainId)
      expect(r.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
      const t = Date.parse(r.timestamp.replace(' ', 'T') + 'Z')
      expect(t).toBeLessThanOrEqual(previous)
      previous = t
      expect(r.hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(r.orderId).toMatch(/^0x[0-9a-f]{64}$/)
      expect(chainDetailSchema.parse(JSON.parse(r.fromChainObject)).chainId).toBe(r.fromChainid)
      expect(chainDetailSchema.parse(JSON.parse(r.toChainObject)).chainId).toBe(r.toChainid)
      expect(tokenDetailSchema.parse(JSON.parse(r.tokenObject)).address).toBe(r.tokenAddress)
    }
  })

  it('pages consistently: pages join to the same list a big page gives, totals agree', async () => {
    const top = busiest()
    const q = { address: top.address, chainId: top.chainId }
    const big = await api<{ list: { id: number }[]; total: number }>('queryHistory', { ...q, pageSize: 30 })
    const ids: number[] = []
    for (let pageNo = 1; pageNo <= 3; pageNo++) {
      const p = await api<{ list: { id: number }[]; total: number }>('queryHistory', {
        ...q,
        pageNo,
        pageSize: 10
      })
      expect(p.env.data.total).toBe(big.env.data.total)
      ids.push(...p.env.data.list.map((r) => r.id))
    }
    expect(ids).toEqual(big.env.data.list.map((r) => r.id))
    const defaults = await api<{ list: unknown[] }>('queryHistory', q)
    expect(defaults.env.data.list).toHaveLength(10)
    const past = await api<{ list: unknown[]; total: number }>('queryHistory', { ...q, pageNo: 10_000 })
    expect(past.env.data).toEqual({ list: [], total: top.count })
  })

  it('caps huge page sizes at 1000 and reads all pages of a heavy address', async () => {
    const top = busiest()
    expect(top.count).toBeGreaterThan(100)
    const p = await api<{ list: unknown[]; total: number }>('queryHistory', { ...top, pageSize: 1_000_000 })
    expect(p.env.data.list.length).toBe(Math.min(1000, top.count))
  })

  it('answers an unknown chain or address with an empty list, bad input with code 400', async () => {
    const top = busiest()
    expect((await api('queryHistory', { address: top.address, chainId: 999999 })).env).toEqual({
      code: 200,
      message: 'success',
      data: { list: [], total: 0 }
    })
    const stranger = await api('queryHistory', { address: '0x' + '1'.repeat(40), chainId: 1 })
    expect(stranger.env.data).toEqual({ list: [], total: 0 })
    for (const [body, field] of [
      [{ chainId: 1 }, 'address'],
      [{ address: 'nope', chainId: 1 }, 'address'],
      [{ address: top.address }, 'chainId'],
      [{ address: top.address, chainId: 'abc' }, 'chainId'],
      [{ address: top.address, chainId: 1, pageNo: 0 }, 'pageNo'],
      [{ address: top.address, chainId: 1, pageSize: -1 }, 'pageSize'],
      ['{not json', 'body']
    ] as const) {
      const r = await api('queryHistory', body)
      expect(r.env).toEqual({ code: 400, message: `invalid parameter: ${field}`, data: null })
    }
  })

  it('has relayer legs on some records and every state among the sample', async () => {
    const top = busiest()
    const { env } = await api<{ list: Record<string, unknown>[] }>('queryHistory', { ...top, pageSize: 1000 })
    const withRelayer = env.data.list.filter((r) => r.relayerChainid !== null)
    expect(withRelayer.length).toBeGreaterThan(0)
    expect(withRelayer.length).toBeLessThan(env.data.list.length / 2)
    for (const r of withRelayer) {
      expect(r.relayerChainid).toBe(22776)
      expect(r.relayerHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(typeof r.relayerHeight).toBe('number')
    }
    expect(new Set(env.data.list.map((r) => r.state)).size).toBeGreaterThan(1)
  })
})

describe('queryBridgeInfo', () => {
  it('names a transfer whose amount is exactly 10^22+1, written as six-digit JSON numbers', async () => {
    const [txHash] = sim.sample().txHashes
    const { raw, env } = await api<unknown>('queryBridgeInfo', { txHash })
    expect(raw).toContain('"sending":10000000000000000000001.000000')
    const d = transferDetailWireSchema.parse(env.data)
    expect(d.fromHash).toBe(txHash)
    expect(d.fromDecimal).toBe(18)
    for (const a of rawAmounts(raw)) expect(a.value).toMatch(SIX)
    expect(d.relayerObject === null || d.relayerObject === '').toBe(true)
    // The same transfer in the history list carries the same amount.
    const top = sim.sample().addresses.find((a) => a.address === d.from && a.chainId === d.fromChainId)
    expect(top).toBeDefined()
    const all = await post(`${sim.baseUrl}/api/queryHistory`, {
      address: d.from,
      chainId: d.fromChainId,
      pageSize: 1000,
      pageNo: Math.ceil((top?.count ?? 1) / 1000)
    })
    expect(all.text).toContain('"amount":10000000000000000000001.000000')
  })

  it('gives relayer details for a relayed transfer and parses every detail string', async () => {
    let relayed = 0
    for (const txHash of sim.sample().txHashes) {
      const { env } = await api<unknown>('queryBridgeInfo', { txHash })
      const d = transferDetailWireSchema.parse(env.data)
      chainDetailSchema.parse(JSON.parse(d.fromChainObject))
      chainDetailSchema.parse(JSON.parse(d.toChainObject))
      tokenDetailSchema.parse(JSON.parse(d.tokenObject))
      if (d.relayerChainId !== null) {
        relayed++
        expect(chainDetailSchema.parse(JSON.parse(d.relayerObject ?? '')).chainId).toBe(22776)
      }
    }
    expect(relayed).toBeGreaterThan(0)
  })

  it('answers unknown and malformed hashes with its error envelopes', async () => {
    const unknown = await api('queryBridgeInfo', { txHash: '0x' + 'ab'.repeat(32) })
    expect(unknown.env).toEqual({ code: 404, message: 'transaction not found', data: null })
    const bad = await api('queryBridgeInfo', { txHash: 'xyz' })
    expect(bad.env).toEqual({ code: 400, message: 'invalid parameter: txHash', data: null })
  })
})

describe('tss_getVault', () => {
  it('returns the latest vault record as an array and a given epoch by hex quantity', async () => {
    const { epochs } = sim.sample()
    expect(epochs.length).toBeGreaterThanOrEqual(5)
    const latest = JSON.parse((await post(sim.rpcUrl, rpcBody(['latest'], 41))).text) as {
      id: number
      result: unknown[]
    }
    expect(latest.id).toBe(41)
    const [rec] = z.array(vaultRecordSchema).length(1).parse(latest.result)
    expect(rec?.epoch).toBe(epochs[epochs.length - 1])
    expect(rec?.status).toBe('active')
    expect(rec?.public_key).toMatch(/^0x04[0-9a-f]{128}$/)
    const first = epochs[0] ?? 0
    const old = JSON.parse((await post(sim.rpcUrl, rpcBody(['0x' + first.toString(16)]))).text) as {
      result: { epoch: number; status: string }[]
    }
    expect(old.result[0]).toMatchObject({ epoch: first, status: 'retired' })
  })

  it('uses JSON-RPC errors for unknown methods, bad params, unknown epochs and parse errors', async () => {
    const code = async (body: string): Promise<number> =>
      (JSON.parse((await post(sim.rpcUrl, body)).text) as { error: { code: number } }).error.code
    expect(await code(rpcBody(['latest'], 1, 'eth_chainId'))).toBe(-32601)
    expect(await code(rpcBody([]))).toBe(-32602)
    expect(await code(rpcBody(['soon']))).toBe(-32602)
    expect(await code(rpcBody(['0xffff']))).toBe(-32000)
    expect(await code('{oops')).toBe(-32700)
  })
})

describe('determinism and HTTP surface', () => {
  // Byte-identical apart from the origin: icons are named at each simulator's own address,
  // so the app never fetches one from an outside host.
  it('gives byte-identical bodies for the same seed and clock (but for the icons\' origin)', async () => {
    const twin = await startSimulator({ seed: 7, now: () => NOW, rotateEveryMs: null })
    const other = await startSimulator({ seed: 8, now: () => NOW, rotateEveryMs: null })
    try {
      const top = busiest()
      const q = { address: top.address, chainId: top.chainId, pageSize: 100 }
      for (const [op, body] of [
        ['queryHistory', q],
        ['queryTokenList', undefined],
        ['queryBridgeInfo', { txHash: sim.sample().txHashes[1] }]
      ] as const) {
        const a = await post(`${sim.baseUrl}/api/${op}`, body)
        const b = await post(`${twin.baseUrl}/api/${op}`, body)
        expect(b.text.replaceAll(twin.baseUrl, sim.baseUrl)).toBe(a.text)
      }
      expect(twin.sample()).toEqual(sim.sample())
      expect(other.sample().txHashes[0]).not.toBe(sim.sample().txHashes[0])
    } finally {
      await Promise.all([twin.close(), other.close()])
    }
  })

  it('answers 405 to other methods and 404 to unknown paths', async () => {
    expect((await fetch(`${sim.baseUrl}/api/queryChainList`)).status).toBe(405)
    expect((await fetch(sim.rpcUrl)).status).toBe(405)
    expect((await post(`${sim.baseUrl}/api/queryEverything`)).status).toBe(404)
    expect((await post(`${sim.baseUrl}/nothing`)).status).toBe(404)
  })

  it('names its stable field after the configured symbol', async () => {
    const usdc = await startSimulator({ seed: 7, transfers: 50, stableSymbol: 'usdc', rotateEveryMs: null })
    try {
      const top = usdc.sample().addresses[0]
      const { text } = await post(`${usdc.baseUrl}/api/queryHistory`, {
        address: top?.address,
        chainId: top?.chainId
      })
      expect(text).toMatch(/"usdcValume":\d+\.\d{6}/)
      expect(text).not.toContain('usdtValume')
    } finally {
      await usdc.close()
    }
  })
})
