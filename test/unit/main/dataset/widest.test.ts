// The Transfers table sizes its columns once for a loaded history, from the few rows main picks as the widest:
// what those rows need of every column must be what the whole history needs, or a column would either widen
// while scrolling or cut a value. The oracle is the renderer's own measure over every row.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { tableRow, tableRowOf } from '../../../../src/shared/table-row'
import type { Transfer } from '../../../../src/shared/transfer'
import { widestAfterMerge, widestRecords, widestRows } from '../../../../src/main/dataset/widest'
import { TransferTable } from '../../../../src/main/dataset/table'
import { widestSeen } from '../../../../src/renderer/src/lib/transfers/row-texts'
import type { TableRow } from '../../../../src/shared/table-row'
import { ADDRESS, CHAIN_ID, datasetRecords, FakeHistory, serviceOn, transfer } from './fake-history'

/** a proportional font: characters of different widths, so "most characters" is not "widest" */
const measure = (text: string): number => [...text].reduce((w, c) => w + 4 + (c.charCodeAt(0) % 7), 0)
const seenRows = (rows: readonly TableRow[]) => widestSeen(rows, undefined, measure)
const seen = (records: readonly TransferRecord[]) => seenRows(records.map(tableRow))
const seenModels = (transfers: readonly Transfer[]) => seenRows(transfers.map(tableRowOf))

const digits = fc.stringMatching(/^[1-9][0-9]{0,30}$/)
const variant = fc.record({
  amount: fc.oneof(digits, fc.constant('abc'), digits.map((d) => `${d}.5`)),
  inAmount: fc.oneof(digits, fc.constant('0')),
  decimal: fc.constantFrom(0, 6, 8, 18, 30),
  noToken: fc.boolean(),
  symbol: fc.constantFrom('USDT', 'MAPO', 'WETH', 'A', 'LONGSYMBOL'),
  chainName: fc.constantFrom('Ethereum', 'BNB Smart Chain', 'MAP Relay Chain', 'X'),
  state: fc.constantFrom(0, 1, 2, 3, 4),
  received: fc.boolean(),
  type: fc.constantFrom(1, 4, 7),
  stable: fc.option(digits.map((d) => `${d}.25`)),
  tookSec: fc.integer({ min: 0, max: 400_000 }),
  issues: fc.boolean()
})

type Variant = typeof variant extends fc.Arbitrary<infer T> ? T : never

function record(n: number, v: Variant): TransferRecord {
  const base = transfer(n + 1)
  const sent = Date.UTC(2026, 10, 1, 0, 0, 0) + n * 1000
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
  return {
    ...base,
    amount: v.amount,
    inAmount: v.inAmount,
    state: v.state,
    type: v.type,
    transferinHash: v.received ? base.hash : '',
    timestamp: at(sent),
    createdAt: at(sent),
    updatedAt: at(sent + v.tookSec * 1000),
    toChainObject: base.toChainObject ? { ...base.toChainObject, chainName: v.chainName } : null,
    tokenObject: v.noToken || !base.tokenObject ? null : { ...base.tokenObject, decimal: v.decimal, symbol: v.symbol },
    received: v.noToken ? null : { decimals: v.decimal, symbol: v.symbol },
    stable: v.stable === null ? null : { symbol: 'USDT', field: 'usdtValume', value: v.stable },
    issues: v.issues ? [{ field: 'amount', reason: 'not a number' }] : []
  } as TransferRecord
}

describe('the widest rows of a loaded history', () => {
  it('need of every column what the whole history needs', () => {
    fc.assert(
      fc.property(fc.array(variant, { minLength: 1, maxLength: 60 }), (variants) => {
        const records = variants.map((v, n) => record(n, v))
        const widest = widestRecords(new TransferTable(records))
        expect(seen(widest)).toEqual(seen(records))
      }),
      { numRuns: 150 }
    )
  })

  it('are few: one per column that grows row by row, one per distinct value of the others', () => {
    const records = Array.from({ length: 5000 }, (_, n) => transfer(n + 1))
    const rows = widestRows(new TransferTable(records))
    // 4 columns that grow row by row, 2 routes, 3 tokens, 2 states (sent, delivered), 1 type
    expect(rows.length).toBeLessThanOrEqual(4 + 2 + 3 + 2 + 1)
    expect(rows).toEqual([...new Set(rows)].sort((a, b) => a - b))
    expect(widestRows(new TransferTable([]))).toEqual([])
  })

  it('after a merge, never need less than before and cover the rows merged in', () => {
    fc.assert(
      fc.property(fc.array(variant, { minLength: 1, maxLength: 30 }), fc.array(variant, { minLength: 1, maxLength: 10 }), (a, b) => {
        const first = a.map((v, n) => record(n, v))
        const fresh = b.map((v, n) => record(1000 + n, v))
        const before = widestRecords(new TransferTable(first))
        const after = widestAfterMerge(before, fresh)
        const need = seen(after)
        expect(need).toEqual(seen([...first, ...fresh]))
      }),
      { numRuns: 100 }
    )
  })
})

describe('a loaded history sends its widest rows', () => {
  it('with the window that asks for them, found with the load and widened by a Live merge', async () => {
    const fake = new FakeHistory(230)
    const history = await serviceOn(fake, 50)
    const { datasetId } = await history.loadAll({ jobId: 'j', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
    const plain = await history.rows({ datasetId, offset: 0, limit: 10 })
    expect(plain.widest).toBeUndefined()
    const asked = await history.rows({ datasetId, offset: 0, limit: 10, widest: true })
    expect(seenRows(asked.widest ?? [])).toEqual(seenModels(await datasetRecords(history)))
    // a transfer far wider than any loaded arrives: the widest rows include it
    fake.arrive(1)
    const top = fake.list[0] as TransferRecord
    top.amount = '123456789012345678901234567890.5'
    await history.refresh({ datasetId })
    const after = await history.rows({ datasetId, offset: 0, limit: 10, widest: true })
    expect(after.widest?.map((r) => r.id)).toContain(top.id)
    expect(seenRows(after.widest ?? [])).toEqual(seenModels(await datasetRecords(history)))
  })
})
