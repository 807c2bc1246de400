// Faults in what comes back: truncated JSON, code ≠ 200 envelopes, wrong field types, a 50 MB body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../../support/simulator'
import { openRig, startSim } from './rig'
import { runFaultScenario } from './scenario'

let sim: Simulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim.close()
})

describe('content faults on every operation', () => {
  it('truncated JSON is a protocol error', async () => {
    await runFaultScenario(sim, { truncate: true }, () => ({ kind: 'protocol', message: /not valid JSON/ }))
  })

  it("an envelope with code ≠ 200 is an api error carrying the service's words (the node: a protocol error)", async () => {
    await runFaultScenario(sim, { envelope: { code: 500, message: 'system busy' } }, (op) =>
      op === 'tss_getVault' ? { kind: 'protocol' } : { kind: 'api', code: 500, message: /code 500: system busy/ }
    )
  })

  it("the node's JSON-RPC error object is an rpc error with its code", async () => {
    await runFaultScenario(sim, { rpcError: { code: -32000, message: 'vault not found' } }, () => ({ kind: 'rpc', code: -32000, message: /vault not found/ }), {
      operations: ['tss_getVault']
    })
  })

  it("the node's answer to another request id is a protocol error", async () => {
    await runFaultScenario(sim, { badId: true }, () => ({ kind: 'protocol', message: /id/ }), { operations: ['tss_getVault'] })
  })

  it('a 50 MB body is refused at the 20 MB cap without holding it', async () => {
    // the cap, not the clock: five 20 MB streams at once on a busy machine, under the longest timeout a profile allows
    const before = process.memoryUsage().rss
    await runFaultScenario(sim, { hugeBodyMb: 50 }, () => ({ kind: 'protocol', message: /larger than 20 MB/ }), { timeoutMs: 120_000 })
    // Ten refused 50 MB answers never sat in memory whole (generous bound: allocator noise, not 500 MB).
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
  })

  it('wrong field types are decode errors naming the field; nothing of them is cached', async () => {
    const rig = await openRig(sim)
    try {
      sim.setFaults('*', { wrongTypes: true })
      for (const op of ['queryHistory', 'queryBridgeInfo', 'queryTokenList', 'queryChainList'] as const) {
        const result = await rig.request(op)
        expect(result.ok, op).toBe(false)
        if (!result.ok) {
          expect(result.error).toMatchObject({ kind: 'decode', operation: op })
          expect(result.error.field).toBeTruthy()
          expect(result.error.message).toContain(result.error.field)
        }
      }
      // The vault's shape is not published: an unrecognised record is kept whole and shown raw, never typed.
      const vault = await rig.request('tss_getVault')
      expect(vault.ok && (vault.value.data as { records: unknown }).records).toBeNull()
      const files = rig.cacheFiles()
      expect([...files.values()].every((text) => text.includes('"key":"vault:latest"'))).toBe(true)
      expect(files.size).toBe(1)
    } finally {
      sim.clearFaults()
      await rig.close()
    }
  })
})
