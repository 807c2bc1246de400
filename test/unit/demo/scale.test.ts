import { describe, expect, it } from 'vitest'
import { startSimulator } from '../../support/simulator'
import { transferRecordWireSchema } from '../../../src/shared/schemas/wire'
import { parseLossless, post, rawAmounts, rpcBody } from './helpers'

describe('a million transfers', () => {
  it('keeps a heavy address of ~100,000 transfers on one chain, and pages it to its oldest record', async () => {
    const sim = await startSimulator({ transfers: 1_000_000, rotateEveryMs: null })
    try {
      const top = sim.sample().addresses[0]
      expect(top?.count).toBeGreaterThan(90_000)
      expect(top?.count).toBeLessThan(110_000)
      const last = Math.ceil((top?.count ?? 0) / 1000)
      const { text } = await post(`${sim.baseUrl}/api/queryHistory`, { ...top, pageNo: last, pageSize: 1000 })
      const page = parseLossless(text) as { data: { list: unknown[]; total: number } }
      expect(page.data.total).toBe(top?.count)
      expect(page.data.list.length).toBe((top?.count ?? 0) - (last - 1) * 1000)
      for (const r of page.data.list.slice(-5)) transferRecordWireSchema.parse(r)
      // The oldest transfer of the busiest address is the named one.
      expect(text).toContain('"amount":10000000000000000000001.000000')
      for (const a of rawAmounts(text)) expect(a.value).toMatch(/^\d+\.\d{6}$/)
      const beyond = rawAmounts(text).filter(
        (a) => a.field === 'amount' && BigInt(a.value.split('.')[0] ?? '0') > 2n ** 53n
      )
      expect(beyond.length).toBeGreaterThan(10)
    } finally {
      await sim.close()
    }
  })
})

describe('one address with a million transfers (bench table_1m_*)', () => {
  it('heavyShare gives the busiest address that share of every transfer, all from Ethereum, and pages it to the end', async () => {
    const sim = await startSimulator({ transfers: 1_112_000, heavyShare: 0.9, rotateEveryMs: null })
    try {
      const [top, next] = sim.sample().addresses
      expect(top?.chainId).toBe(1)
      expect(top?.count).toBeGreaterThan(995_000)
      expect(top?.count).toBeLessThan(1_007_000)
      expect(next?.count ?? 0).toBeLessThan(top?.count ?? 0)
      const last = Math.ceil((top?.count ?? 0) / 1000)
      const { text } = await post(`${sim.baseUrl}/api/queryHistory`, { ...top, pageNo: last, pageSize: 1000 })
      const page = parseLossless(text) as { data: { list: unknown[]; total: number } }
      expect(page.data.total).toBe(top?.count)
      expect(page.data.list.length).toBe((top?.count ?? 0) - (last - 1) * 1000)
    } finally {
      await sim.close()
    }
  })

  it('refuses a share that leaves no transfer to anyone else', async () => {
    await expect(startSimulator({ transfers: 100, heavyShare: 0.99, rotateEveryMs: null })).rejects.toThrow(/heavyShare/)
  })
})

describe('vault rotation and shapes', () => {
  it('rotates on demand and on schedule, retiring the previous key', async () => {
    const sim = await startSimulator({ transfers: 10, rotateEveryMs: 50 })
    try {
      const before = sim.sample().epochs
      await new Promise((resolve) => setTimeout(resolve, 160))
      const scheduled = sim.sample().epochs
      expect(scheduled.length).toBeGreaterThan(before.length)
      const r = sim.rotateVault()
      expect(r.epoch).toBe(Math.max(...scheduled) + 1)
      expect(r.publicKey).toMatch(/^0x04[0-9a-f]{128}$/)
      const previous = JSON.parse(
        (await post(sim.rpcUrl, rpcBody(['0x' + (r.epoch - 1).toString(16)]))).text
      ) as {
        result: { status: string; public_key: string }[]
      }
      expect(previous.result[0]?.status).toBe('retired')
      expect(previous.result[0]?.public_key).not.toBe(r.publicKey)
    } finally {
      await sim.close()
    }
  })

  it('adds a chain on some rotations', async () => {
    const sim = await startSimulator({ transfers: 10, rotateEveryMs: null })
    try {
      const chainsOf = async (): Promise<number[]> =>
        (JSON.parse((await post(sim.rpcUrl, rpcBody(['latest']))).text) as { result: { chains: number[] }[] })
          .result[0]?.chains ?? []
      const first = await chainsOf()
      for (let k = 0; k < 3; k++) sim.rotateVault()
      expect((await chainsOf()).length).toBeGreaterThan(first.length)
    } finally {
      await sim.close()
    }
  })

  it('answers in the object and in an unrecognised shape when asked to', async () => {
    const obj = await startSimulator({ transfers: 10, rotateEveryMs: null, vaultShape: 'object' })
    const odd = await startSimulator({ transfers: 10, rotateEveryMs: null, vaultShape: 'unknown' })
    try {
      const a = JSON.parse((await post(obj.rpcUrl, rpcBody(['latest']))).text) as {
        result: { epoch: number }
      }
      expect(a.result.epoch).toBe(Math.max(...obj.sample().epochs))
      const b = JSON.parse((await post(odd.rpcUrl, rpcBody(['latest']))).text) as {
        result: Record<string, unknown>
      }
      expect(Array.isArray(b.result)).toBe(false)
      expect(b.result).not.toHaveProperty('epoch')
      expect(b.result).toHaveProperty('vault')
    } finally {
      await Promise.all([obj.close(), odd.close()])
    }
  })
})

describe('an empty network', () => {
  it('serves empty histories and still streams huge bodies', async () => {
    const sim = await startSimulator({ transfers: 0, rotateEveryMs: null })
    try {
      expect(sim.sample().txHashes).toEqual([])
      const { text } = await post(`${sim.baseUrl}/api/queryHistory`, {
        address: '0x' + 'a'.repeat(40),
        chainId: 1
      })
      expect(JSON.parse(text)).toEqual({ code: 200, message: 'success', data: { list: [], total: 0 } })
      sim.setFaults('queryHistory', { hugeBodyMb: 0.5 })
      const huge = await post(`${sim.baseUrl}/api/queryHistory`, {
        address: '0x' + 'a'.repeat(40),
        chainId: 1
      })
      expect((JSON.parse(huge.text) as { data: { total: number } }).data.total).toBeGreaterThan(100)
    } finally {
      await sim.close()
    }
  })
})
