import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { within } from '../../../src/main/deadline'
import { startSimulator, type Simulator } from '../../support/simulator'
import { post, rpcBody } from './helpers'

let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, transfers: 500, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
})
afterEach(() => {
  sim.clearFaults()
})

const chains = (): Promise<{ status: number; text: string }> => post(`${sim.baseUrl}/api/queryChainList`)

describe('fault injection', () => {
  it('delays answers by latencyMs', async () => {
    sim.setFaults('queryChainList', { latencyMs: 150 })
    const started = performance.now()
    const r = await chains()
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(r.status).toBe(200)
  })

  it('answers with an HTTP status and a JSON body, 429 with Retry-After', async () => {
    sim.setFaults('*', { status: 503 })
    const r = await chains()
    expect(r.status).toBe(503)
    expect(JSON.parse(r.text)).toMatchObject({ status: 503, error: 'Service Unavailable' })
    sim.setFaults('queryChainList', { status: 429 })
    const res = await fetch(`${sim.baseUrl}/api/queryChainList`, { method: 'POST' })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    await res.text()
  })

  it('answers with an HTML 502 page', async () => {
    sim.setFaults('queryTokenList', { html: true })
    const res = await fetch(`${sim.baseUrl}/api/queryTokenList`, { method: 'POST' })
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('<h1>502 Bad Gateway</h1>')
  })

  it('cuts a valid body in half', async () => {
    const whole = (await chains()).text
    sim.setFaults('queryChainList', { truncate: true })
    const r = await chains()
    expect(r.status).toBe(200)
    expect(whole.startsWith(r.text)).toBe(true)
    expect(r.text.length).toBeLessThan(whole.length)
    expect(() => JSON.parse(r.text) as unknown).toThrow()
  })

  it('hangs until the client gives up, and close() still resolves', async () => {
    const local = await startSimulator({ transfers: 10, rotateEveryMs: null })
    local.setFaults('*', { hang: true })
    const pending = fetch(`${local.baseUrl}/api/queryChainList`, { method: 'POST' }).then(
      () => 'answered',
      () => 'failed'
    )
    // within(): a deadline that holds under GC (AbortSignal.timeout alone may never fire once collected)
    const aborted = within(200, (signal) => fetch(`${local.baseUrl}/api/queryChainList`, { method: 'POST', signal })).then(
      () => 'answered',
      () => 'timed out'
    )
    expect(await aborted).toBe('timed out')
    await local.close()
    expect(await pending).toBe('failed')
  })

  it('holds hung requests until released, then gives each its normal answer; nothing else is answered twice', async () => {
    const local = await startSimulator({ transfers: 10, rotateEveryMs: null })
    try {
      const normal = (await post(`${local.baseUrl}/api/queryChainList`)).text
      local.setFaults('queryChainList', { hang: true })
      const held = [post(`${local.baseUrl}/api/queryChainList`), post(`${local.baseUrl}/api/queryChainList`)]
      let settled = 0
      for (const h of held) void h.then(() => settled++)
      // the service says how many it holds, so a test waits for the hold, not for a clock
      while (local.stats().held < 2) await new Promise((r) => setTimeout(r, 10))
      expect(settled).toBe(0)
      // the control route does the same for a test in another process
      const released = await post(`${local.baseUrl}/__sim/release`)
      expect(JSON.parse(released.text)).toEqual({ ok: true, released: 2 })
      for (const r of await Promise.all(held)) expect(r).toEqual({ status: 200, text: normal })
      expect(local.stats().held).toBe(0)
      expect(local.releaseHeld()).toBe(0)
    } finally {
      await local.close()
    }
  })

  it('sends an error envelope with HTTP 200', async () => {
    sim.setFaults('queryHistory', { envelope: { code: 500, message: 'system busy' } })
    const r = await post(`${sim.baseUrl}/api/queryHistory`, { address: '0x' + '0'.repeat(40), chainId: 1 })
    expect(r.status).toBe(200)
    expect(JSON.parse(r.text)).toEqual({ code: 500, message: 'system busy', data: null })
  })

  it('writes fields with wrong JSON types', async () => {
    const top = sim.sample().addresses[0]
    sim.setFaults('queryHistory', { wrongTypes: true })
    const h = JSON.parse((await post(`${sim.baseUrl}/api/queryHistory`, { ...top })).text) as {
      data: { total: unknown; list: { fromChainid: unknown }[] }
    }
    expect(h.data.total).toBe('x')
    expect(h.data.list[0]?.fromChainid).toBe('abc')
    sim.setFaults('queryChainList', { wrongTypes: true })
    const c = JSON.parse((await chains()).text) as { data: { list: { chainId: unknown }[] } }
    expect(c.data.list.every((x) => x.chainId === 'abc')).toBe(true)
    sim.setFaults('tss_getVault', { wrongTypes: true })
    const v = JSON.parse((await post(sim.rpcUrl, rpcBody(['latest']))).text) as {
      result: { epoch: unknown; public_key: unknown }[]
    }
    expect(v.result[0]).toMatchObject({ epoch: true, public_key: 42 })
  })

  it('streams a huge but valid-looking body', async () => {
    sim.setFaults('queryHistory', { hugeBodyMb: 3 })
    const r = await post(`${sim.baseUrl}/api/queryHistory`, { address: '0x' + '0'.repeat(40), chainId: 1 })
    expect(r.text.length).toBeGreaterThanOrEqual(3 * 1024 * 1024)
    const parsed = JSON.parse(r.text) as { code: number; data: { list: unknown[]; total: number } }
    expect(parsed.code).toBe(200)
    expect(parsed.data.list.length).toBe(parsed.data.total)
    sim.setFaults('tss_getVault', { hugeBodyMb: 1 })
    const v = JSON.parse((await post(sim.rpcUrl, rpcBody(['latest'], 5))).text) as {
      id: number
      result: unknown[]
    }
    expect(v.id).toBe(5)
    expect(v.result.length).toBeGreaterThan(100)
  })

  it('answers the RPC with an error object or another id', async () => {
    sim.setFaults('tss_getVault', { rpcError: { code: -32005, message: 'limit exceeded' } })
    const e = JSON.parse((await post(sim.rpcUrl, rpcBody(['latest'], 9))).text) as unknown
    expect(e).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32005, message: 'limit exceeded' } })
    sim.setFaults('tss_getVault', { badId: true })
    const b = JSON.parse((await post(sim.rpcUrl, rpcBody(['latest'], 9))).text) as {
      id: unknown
      result: unknown
    }
    expect(b.id).not.toBe(9)
    expect(Array.isArray(b.result)).toBe(true)
  })

  it('applies `times` then clears, and `rate` deterministically', async () => {
    sim.setFaults('queryChainList', { status: 500, times: 2 })
    const statuses = [(await chains()).status, (await chains()).status, (await chains()).status]
    expect(statuses).toEqual([500, 500, 200])

    const run = async (): Promise<number[]> => {
      const s = await startSimulator({ seed: 11, transfers: 10, rotateEveryMs: null })
      try {
        s.setFaults('*', { status: 500, rate: 0.5 })
        const out: number[] = []
        for (let k = 0; k < 20; k++) out.push((await post(`${s.baseUrl}/api/queryChainList`)).status)
        return out
      } finally {
        await s.close()
      }
    }
    const first = await run()
    expect(await run()).toEqual(first)
    expect(first).toContain(500)
    expect(first).toContain(200)
  })

  it('prefers an operation’s own fault over the wildcard', async () => {
    sim.setFaults('*', { status: 500 })
    sim.setFaults('queryChainList', { status: 502 })
    expect((await chains()).status).toBe(502)
    expect((await post(`${sim.baseUrl}/api/queryTokenList`)).status).toBe(500)
    sim.setFaults('queryChainList', null)
    expect((await chains()).status).toBe(500)
  })
})

describe('control surface', () => {
  it('sets and clears faults, rotates, samples and counts over HTTP', async () => {
    const before = sim.stats().requests.queryChainList
    const set = await post(`${sim.baseUrl}/__sim/faults`, { op: 'queryChainList', spec: { status: 504 } })
    expect(set.status).toBe(200)
    expect((await chains()).status).toBe(504)
    expect((await post(`${sim.baseUrl}/__sim/clear`)).status).toBe(200)
    expect((await chains()).status).toBe(200)
    await post(`${sim.baseUrl}/__sim/faults`, { op: 'queryChainList', spec: { status: 500 } })
    await post(`${sim.baseUrl}/__sim/faults`, { op: 'queryChainList', spec: null })
    expect((await chains()).status).toBe(200)

    const bad = await post(`${sim.baseUrl}/__sim/faults`, { op: 'queryEverything', spec: {} })
    expect(bad.status).toBe(400)

    const sampleText = await fetch(`${sim.baseUrl}/__sim/sample`).then((r) => r.text())
    const { epochs } = JSON.parse(sampleText) as { epochs: number[] }
    const rotated = JSON.parse((await post(`${sim.baseUrl}/__sim/rotate`)).text) as {
      epoch: number
      publicKey: string
    }
    expect(rotated.epoch).toBe(Math.max(...epochs) + 1)
    const latest = JSON.parse((await post(sim.rpcUrl, rpcBody(['latest']))).text) as {
      result: { epoch: number; public_key: string }[]
    }
    expect(latest.result[0]).toMatchObject({ epoch: rotated.epoch, public_key: rotated.publicKey })

    const stats = JSON.parse(await fetch(`${sim.baseUrl}/__sim/stats`).then((r) => r.text())) as {
      requests: Record<string, number>
    }
    expect(stats.requests.queryChainList).toBe(before + 3)
    expect(stats.requests.tss_getVault).toBeGreaterThan(0)
  })
})
