// A profile that changes the dialect it speaks (the demo's speaks all three): a history loaded whole in one
// dialect, and its offline copy, belong to that dialect. What must hold: the other dialect's load shows its own
// rows (Bridge Scan's have no amounts: never the amounts of the history loaded before), the first dataset stays
// readable and comes back when the profile speaks its dialect again, and an offline copy our original dialect
// saved before dialects existed still loads.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { LoadedHistories } from '../../../../src/main/dataset'
import type { DiskCache } from '../../../../src/main/store/cache'
import { amountWords, transferOfRecord, type Transfer } from '../../../../src/shared/transfer'
import { transferRecordSchema } from '../../../../src/shared/schemas/decoded'
import { NOT_PROVIDED, STATE_NOT_PROVIDED } from '../../../../src/shared/schemas/origin'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import type { TableRow } from '../../../../src/shared/table-row'
import { ADDRESS, CHAIN_ID, FakeHistory, PROFILE_ID, serviceOn, tempCache } from './fake-history'

const PAGE = 10
const COUNT = 23

/** A transfer as Bridge Scan tells it: its legs, no token, no amount, no state, no update time. */
function scanTold(r: TransferRecord): TransferRecord {
  const { usdtValume: _value, ...rest } = r as TransferRecord & { usdtValume?: string }
  return {
    ...rest,
    amount: '0',
    inAmount: '0',
    tokenAddress: '',
    tokenObject: null,
    stable: null,
    state: STATE_NOT_PROVIDED,
    // as Bridge Scan's decoder reads a history without states: delivered when its destination is named
    outcome: r.transferinHash ? 'delivered' : 'unknown',
    updatedAt: '',
    origin: { dialect: 'mapscan', amount: 'absent', inAmount: 'absent', stateMeaning: null, notProvided: ['amount', 'inAmount', 'tokenObject', 'state', 'updatedAt'] }
  }
}

const load = (history: LoadedHistories) => history.loadAll({ jobId: 'j', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
const rowsOf = async (history: LoadedHistories, datasetId: string): Promise<TableRow[]> =>
  (await history.rows({ datasetId, offset: 0, limit: 100 })).rows
/** what the Amount column shows of each row */
const amounts = (rows: readonly TableRow[]): string[] => rows.map((r) => amountWords(r.sent))
const chartRows = async (history: LoadedHistories, watched: { address: string; chainIds: number[] }[] = []): Promise<Transfer[]> =>
  (await history.chartSources(watched)).flatMap((rows) => [...rows])

describe('loaded histories of a profile that changes dialect', () => {
  it("load on ours, switch to Bridge Scan: its own rows, never ours; switch back: ours still there, not fetched again", async () => {
    const ours = new FakeHistory(COUNT)
    const scan = new FakeHistory(COUNT, 'mapscan', scanTold)
    let speaking = ours
    const history = await serviceOn(() => speaking, PAGE)

    const first = await load(history)
    const ourRows = await rowsOf(history, first.datasetId)
    expect(amounts(ourRows).every((a) => /^\d[\d,]*(\.\d+)?$/.test(a))).toBe(true)

    speaking = scan
    const second = await load(history)
    expect(second.datasetId).not.toBe(first.datasetId)
    const scanRows = await rowsOf(history, second.datasetId)
    // the same transfers, told without amounts: said so, not ours shown as Bridge Scan's
    expect(scanRows.map((r) => r.hash)).toEqual(ourRows.map((r) => r.hash))
    expect(new Set(amounts(scanRows))).toEqual(new Set([NOT_PROVIDED]))
    // the charts are of what the profile's service says now
    expect((await chartRows(history)).map((r) => r.dialect)).toEqual(scanRows.map(() => 'mapscan'))
    // our dataset is still loaded, unchanged; kept current only in its own dialect
    expect(await rowsOf(history, first.datasetId)).toEqual(ourRows)
    await expect(history.refresh({ datasetId: first.datasetId })).rejects.toThrow(/spoke another service \(mcs\)/)

    // Bridge Scan unreachable: its own offline copy, never ours
    scan.down = true
    const offline = await load(history)
    expect(offline).toMatchObject({ datasetId: second.datasetId, loaded: COUNT, completeness: null })
    expect(new Set(amounts(await rowsOf(history, offline.datasetId)))).toEqual(new Set([NOT_PROVIDED]))

    // back to ours: its dataset, from memory, with no page asked for
    speaking = ours
    ours.asked.length = 0
    const charted = await chartRows(history)
    expect(charted.map((r) => r.sent.wire)).toEqual(ours.list.map((r) => r.amount))
    expect(await rowsOf(history, first.datasetId)).toEqual(ourRows)
    expect(ours.asked).toEqual([])
    // and ours unreachable: our offline copy, with our amounts
    ours.down = true
    const back = await load(history)
    expect(back.datasetId).toBe(first.datasetId)
    expect(await rowsOf(history, back.datasetId)).toEqual(ourRows)
  })

  it('an offline copy of ours saved under the key it had before dialects still loads, and only for ours', async () => {
    const cache = await tempCache()
    const saved = new FakeHistory(COUNT).list.map((r) => ({ ...r, received: null }))
    await writeOldCopy(cache, saved)

    const ours = new FakeHistory(0)
    ours.down = true
    const history = await serviceOn(ours, PAGE, cache)
    const got = await load(history)
    expect(got).toMatchObject({ datasetId: `${PROFILE_ID}|${ADDRESS.toLowerCase()}|${CHAIN_ID}`, loaded: COUNT, total: COUNT })
    expect((await rowsOf(history, got.datasetId)).map((r) => [r.id, r.sent.wire, r.state.number])).toEqual(saved.map((r) => [r.id, r.amount, r.state]))
    // charts of a watched address after a restart: the same copy
    const restarted = await serviceOn(ours, PAGE, cache)
    expect(await chartRows(restarted, [{ address: ADDRESS, chainIds: [CHAIN_ID] }])).toEqual(saved.map(transferOfRecord))

    // the same profile speaking Bridge Scan has no copy of its own: nothing, rather than ours
    const scan = new FakeHistory(0, 'mapscan', scanTold)
    scan.down = true
    const other = await serviceOn(scan, PAGE, cache)
    await expect(load(other)).rejects.toThrow(/ECONNREFUSED/)
    expect(await chartRows(other, [{ address: ADDRESS, chainIds: [CHAIN_ID] }])).toEqual([])
  })
})

/** The cache entries an earlier version wrote for a loaded history (offline-copy.ts as it was: bare keys). */
async function writeOldCopy(cache: DiskCache, rows: TransferRecord[]): Promise<void> {
  const id = `${PROFILE_ID}|${ADDRESS.toLowerCase()}|${CHAIN_ID}`
  await cache.put(PROFILE_ID, `dataset:${id}:chunk:0`, rows, z.array(transferRecordSchema), 1)
  await cache.put(PROFILE_ID, `dataset:${id}:manifest`, { total: rows.length, chunks: 1, loaded: rows.length }, z.object({ total: z.int(), chunks: z.int(), loaded: z.int() }), 1)
}
