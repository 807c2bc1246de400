// A watched transfer that ends without delivery: a refund or a failure is its own event, said once (a restart
// included), and such a transfer is never "stuck" however long ago it was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TransferDetail } from '../../../../src/shared/schemas/wire'
import type { Outcome } from '../../../../src/shared/outcome'
import { startSimulator, type Simulator } from '../../../support/simulator'
import type { WatchClient } from '../../../../src/main/watch/types'
import { rig, simClient, tempDir } from './helpers'

let sim: Simulator
let pending: TransferDetail

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, transfers: 300, rotateEveryMs: null })
  const client = simClient(sim.baseUrl, [sim.rpcUrl])
  const details = await Promise.all(sim.sample().txHashes.map((h) => client.queryBridgeInfo(h)))
  pending = details.find((d) => d.transferInHash === '')!
  expect(pending).toBeDefined()
})
afterAll(async () => {
  await sim.close()
})

/** The pending transfer as a service would tell it once it ended: state 6 read as `outcome` by its table. */
function ended(outcome: Outcome, state: number, word: string): TransferDetail {
  return { ...pending, state, outcome, origin: { dialect: 'butter', amount: 'human', inAmount: 'absent', stateMeaning: word, notProvided: [] } }
}

describe('a watched transfer that ends without delivery', () => {
  for (const [outcome, state, word] of [
    ['refunded', 6, 'Refund'],
    ['failed', 4, 'Incomplete']
  ] as const) {
    it(`${outcome}: one "${outcome}" event, never "stuck", and nothing again after a restart`, async () => {
      let over = false
      const client: WatchClient = {
        getVault: () => Promise.reject(new Error('no vault')),
        queryHistory: () => Promise.reject(new Error('no history')),
        queryBridgeInfo: async () => (over ? ended(outcome, state, word) : { ...pending, outcome: 'in-flight' })
      }
      let now = Date.UTC(2026, 0, 1)
      const dir = tempDir()
      const targets = { transfers: [{ txHash: pending.fromHash, label: '', addedAt: now - 30 * 60_000 }] }
      const settings = (s: Parameters<NonNullable<Parameters<typeof rig>[0]['settings']>>[0]) => ({ ...s, stuckThresholds: { defaultMinutes: 60, routes: {} } })
      const first = await rig({ dir, client, rpcUrls: [], now: () => now, targets, settings })
      await first.watcher.recheck()
      expect(first.events).toEqual([])
      over = true
      now += 10 * 60_000
      await first.watcher.recheck()
      expect(first.events.map((e) => e.kind)).toEqual([outcome])
      expect(first.events[0]).toMatchObject({ txHash: pending.fromHash.toLowerCase(), state })
      expect(first.events[0]!.body).toContain(word)
      // long past the stuck threshold: still no "stuck", and no second announcement
      for (let i = 0; i < 4; i++) {
        now += 60 * 60_000
        await first.watcher.recheck(pending.fromHash)
      }
      expect(first.events.map((e) => e.kind)).toEqual([outcome])
      await first.watcher.stop()

      const second = await rig({ dir, client, rpcUrls: [], now: () => now, targets, settings })
      await second.watcher.recheck(pending.fromHash)
      expect(second.events).toEqual([])
      await second.watcher.stop()
    })
  }
})
