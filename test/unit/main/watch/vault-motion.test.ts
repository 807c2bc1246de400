// The vault watch over nodes that move: they rotate at their own pace, lag, flap, fail and come back behind.
// Whatever each node answers on each poll, the vault never changes to a lower epoch, every rise of the
// highest epoch is announced exactly once, and "behind" and "caught up" come in pairs per node.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recogniseVaultRecords, type JsonValue, type VaultResult } from '../../../../src/shared/schemas/vault'
import type { WatchEvent } from '../../../../src/shared/watch'
import { pollVault } from '../../../../src/main/watch/vault-poll'
import { WatchState } from '../../../../src/main/watch/state'
import type { EventDraft, WatchClient } from '../../../../src/main/watch/types'
import type { WatchNodeStatus } from '../../../../src/shared/watch'
import { AppError } from '../../../../src/shared/errors'

/** A node's answer for one epoch, in the documented shape: the same epoch is the same record on every node. */
function vaultAt(epoch: number): VaultResult {
  const raw: JsonValue = [{ epoch, public_key: `0x04${epoch.toString(16).padStart(8, '0')}`, status: 'active', chains: ['1', '56'], addresses: [{ chain: '1', address: `0x${epoch}` }] }]
  return { query: 'latest', raw, records: recogniseVaultRecords(raw) }
}

/** Per poll, per node: the epoch it answers, or null when it fails that poll. */
type Script = (number | null)[][]

const urls = (n: number): string[] => Array.from({ length: n }, (_, i) => `http://node${i}.test/rpc`)

/** Each node's epochs only go forward; a node may lag the others by any amount and fail any poll. */
const scriptArb = fc.integer({ min: 2, max: 4 }).chain((nodes) =>
  fc.array(fc.array(fc.record({ step: fc.nat({ max: 2 }), fails: fc.nat({ max: 3 }).map((x) => x === 0) }), { minLength: nodes, maxLength: nodes }), { minLength: 1, maxLength: 40 }).map((polls) => {
    const epochs = Array.from({ length: nodes }, () => 5)
    return polls.map((row) =>
      row.map((cell, k) => {
        epochs[k]! += cell.step === 2 ? 1 : 0
        return cell.fails ? null : epochs[k]!
      })
    )
  })
)

async function run(script: Script): Promise<{ events: WatchEvent[]; states: WatchNodeStatus[][] }> {
  const nodeUrls = urls(script[0]!.length)
  let poll = 0
  const client: WatchClient = {
    getVault: async (_epoch, options) => {
      const k = nodeUrls.indexOf(options?.rpcUrl ?? '')
      const epoch = script[poll]![k]
      if (epoch === null || epoch === undefined) throw new AppError({ kind: 'network', operation: 'tss_getVault', message: 'connection refused' })
      return vaultAt(epoch)
    },
    queryBridgeInfo: () => Promise.reject(new Error('not used')),
    queryHistory: () => Promise.reject(new Error('not used'))
  }
  const state = await WatchState.open(null)
  const p = state.profile('p')
  const events: WatchEvent[] = []
  const announced = new Set<string>()
  const states: WatchNodeStatus[][] = []
  for (poll = 0; poll < script.length; poll++) {
    const out = await pollVault({
      profileId: 'p',
      client,
      rpcUrls: nodeUrls,
      state: p,
      announce: (draft: EventDraft) => {
        if (announced.has(draft.id)) return false
        announced.add(draft.id)
        events.push({ ...draft, at: poll, profileId: 'p' } as WatchEvent)
        return true
      },
      now: () => poll,
      unreachableAfter: 2,
      cache: null,
      signal: new AbortController().signal
    })
    // what the poll hands back: every node as it stands after it
    states.push(out.nodes.map((n) => ({ ...n })))
  }
  return { events, states }
}

describe('vault watch over moving nodes', () => {
  it('property: never a vault change to a lower epoch; each rise of the highest epoch once; behind and caught up paired', async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, async (script) => {
        const { events } = await run(script)
        const changes = events.filter((e): e is Extract<WatchEvent, { kind: 'vault-change' }> => e.kind === 'vault-change')
        // never backwards
        for (const c of changes) expect(Number(c.epochAfter)).toBeGreaterThan(Number(c.epochBefore))
        // every rise of the highest epoch answered, after the first answer set the baseline, exactly once
        const rises: number[] = []
        let highest: number | null = null
        for (const row of script) {
          const top = Math.max(...row.filter((e): e is number => e !== null))
          if (!Number.isFinite(top)) continue
          if (highest !== null && top > highest) rises.push(top)
          highest = highest === null ? top : Math.max(highest, top)
        }
        expect(changes.map((c) => Number(c.epochAfter))).toEqual(rises)
        // per node: behind, caught up, behind, … — never two of a kind in a row, never caught up first
        for (const url of urls(script[0]!.length)) {
          const kinds = events.filter((e) => (e.kind === 'node-behind' || e.kind === 'node-caught-up') && e.url === url).map((e) => e.kind)
          kinds.forEach((k, i) => expect(k).toBe(i % 2 === 0 ? 'node-behind' : 'node-caught-up'))
        }
        // "disagree" is only for the same epoch told differently, which these nodes never do
        expect(events.filter((e) => e.kind === 'nodes-disagree')).toEqual([])
      }),
      { numRuns: 300 }
    )
  })

  it('the reported case: one node stuck at 7 and failing now and then, the other rotated to 9 — no "9 → 7", the metric source keeps each its own', async () => {
    const script: Script = [
      [7, 9],
      [null, 9],
      [7, 9],
      [7, null],
      [7, 9],
      [null, null],
      [7, 9],
      [9, 9]
    ]
    const { events, states } = await run(script)
    expect(events.filter((e) => e.kind === 'vault-change')).toEqual([])
    expect(events.map((e) => e.kind)).toEqual(['node-behind', 'node-caught-up'])
    const behind = events[0]!
    if (behind.kind !== 'node-behind') throw new Error(behind.kind)
    expect(behind).toMatchObject({ url: 'http://node0.test/rpc', epoch: '7', highest: '9', ahead: ['http://node1.test/rpc (epoch 9)'] })
    expect(behind.body).toBe('http://node0.test/rpc reports epoch 7; http://node1.test/rpc (epoch 9) is at 9.')
    // each node its own epoch, also while it is down (the last it reported)
    expect(states[3]!.map((n) => [n.ok, n.epoch])).toEqual([
      [true, '7'],
      [false, '9']
    ])
    expect(states.at(-1)!.map((n) => [n.epoch, n.behind])).toEqual([
      ['9', false],
      ['9', false]
    ])
  })

  it('a node that was down and comes back with an old epoch announces no change of the vault', async () => {
    const { events } = await run([
      [3, 3],
      [null, 4],
      [null, 4],
      [3, 4],
      [3, 4],
      [4, 4]
    ])
    expect(events.map((e) => e.kind)).toEqual(['vault-change', 'node-unreachable', 'node-recovered', 'node-behind', 'node-caught-up'])
  })
})
