// Views derived from cached views (typing in the filter) must hold exactly the rows, in exactly the order,
// that computing from scratch gives; the sortedness shortcut must not change any order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryFilter, HistorySort } from '../../../../src/shared/contract'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { fetchAllHistory } from '../../../../src/main/client/history-all'
import { DatasetViews } from '../../../../src/main/dataset/views'
import { startSimulator, type Simulator } from '../../../support/simulator'

let sim: Simulator
let rows: TransferRecord[] = []

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 20_000, rotateEveryMs: null })
  const top = sim.sample().addresses[0]!
  const client = new BridgeClient({ baseUrl: sim.baseUrl, maxPageSize: 1000 })
  rows = (await fetchAllHistory(client, { address: top.address, chainId: top.chainId }, { pageSize: 1000 })).list
})
afterAll(async () => sim.close())

/** From scratch: a fresh dataset, so no cached view can be reused (the order itself is checked below). */
function computeView(all: readonly TransferRecord[], sort?: HistorySort, filter?: HistoryFilter): Uint32Array {
  return new DatasetViews(all).view(sort, filter)
}
function reference(sort: HistorySort | undefined, filter: HistoryFilter): number[] {
  return Array.from(computeView(rows, sort, filter))
}

describe('DatasetViews on a real loaded history', () => {
  it('typing and deleting a filter text gives the same rows and order as computing each view afresh', () => {
    expect(rows.length).toBeGreaterThan(1000)
    const hash = rows[Math.floor(rows.length / 3)]!.hash.slice(2, 9)
    const sort: HistorySort = { key: 'timestamp', dir: 'desc' }
    const cache = new DatasetViews(rows)
    const steps = [...Array.from({ length: hash.length }, (_, i) => hash.slice(0, i + 1)), ...Array.from({ length: hash.length }, (_, i) => hash.slice(0, hash.length - 1 - i))]
    cache.view(sort, {})
    for (const text of steps) {
      const got = Array.from(cache.view(sort, { text }))
      expect(got).toEqual(reference(sort, { text }))
      expect(got.length).toBeLessThanOrEqual(rows.length)
    }
    // the full hash still finds its row; upper case matches too
    expect(cache.view(sort, { text: hash.toUpperCase() }).length).toBeGreaterThan(0)
  })

  it('a narrower text with another field changed is not derived from the wrong view', () => {
    const sort: HistorySort = { key: 'amount', dir: 'asc' }
    const cache = new DatasetViews(rows)
    const chain = rows[0]!.toChainid
    cache.view(sort, { text: 'a', toChainId: chain })
    const got = Array.from(cache.view(sort, { text: 'ab' }))
    expect(got).toEqual(Array.from(computeView(rows, sort, { text: 'ab' })))
    expect(got.every((i) => rows[i]!.hash.toLowerCase().includes('ab') || rows[i]!.from.toLowerCase().includes('ab') || rows[i]!.to.toLowerCase().includes('ab') || rows[i]!.transferinHash.toLowerCase().includes('ab') || (rows[i]!.tokenObject?.symbol.toLowerCase().includes('ab') ?? false))).toBe(true)
  })

  it('rows already in order keep it; rows out of order are sorted, ties in loaded order', () => {
    const desc = Array.from(computeView(rows, { key: 'timestamp', dir: 'desc' }))
    for (let k = 1; k < desc.length; k++) expect(rows[desc[k - 1]!]!.timestamp >= rows[desc[k]!]!.timestamp).toBe(true)
    const asc = Array.from(computeView(rows, { key: 'timestamp', dir: 'asc' }))
    for (let k = 1; k < asc.length; k++) {
      const a = rows[asc[k - 1]!]!.timestamp
      const b = rows[asc[k]!]!.timestamp
      expect(a < b || (a === b && asc[k - 1]! < asc[k]!)).toBe(true)
    }
    const byState = Array.from(computeView(rows, { key: 'state', dir: 'desc' }))
    for (let k = 1; k < byState.length; k++) {
      const a = rows[byState[k - 1]!]!.state
      const b = rows[byState[k]!]!.state
      expect(a > b || (a === b && byState[k - 1]! < byState[k]!)).toBe(true)
    }
  })

  it('an empty filter is the same view as none', () => {
    const cache = new DatasetViews(rows)
    const a = cache.view(undefined, {})
    expect(cache.view(undefined, undefined)).toBe(a)
    expect(cache.view(undefined, { text: '  ' })).toBe(a)
  })
})
