// A loaded history keeps no response body alive. The quick decode gives each amount as a slice of the body's
// text (amount-search.ts spanText), and V8 keeps the whole text of a slice of 13 characters or more alive as
// long as the slice: a table that kept such a slice would hold the page it came from, ~1–2 MB each. Observed in
// a heap snapshot (only what is reachable, after a full collection): whether the bodies' texts are still there
// once only the table is kept. The decoded records themselves do hold them (the control: the slices are there
// to be kept).
import { describe, expect, it } from 'vitest'
import { quickHistoryPage } from '../../../../src/main/client/mcs/decode'
import { TransferTable } from '../../../../src/main/dataset/table'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { textsInHeap } from '../../../support/heap-texts'
import { transfer } from './fake-history'

/** the pages of a case: how many, of how many records, and one record in `stableEvery` with a stable value */
interface Pages {
  pages: number
  size: number
  stableEvery: number
}
const HISTORY: Pages = { pages: 4, size: 1000, stableEvery: 1 }

/**
 * One wire record: fake-history's transfer `i` as the service writes it (detail objects as JSON strings, no
 * decoded stable value or issues), its amounts JSON numbers of more than 13 characters.
 */
function wireRecord(i: number, stable: boolean): string {
  const amount = (base: number): string => `${base + i}.000000`
  const { stable: _stable, issues: _issues, ...decoded } = transfer(i)
  const wire = { ...decoded, amount: 'AMOUNT', inAmount: 'IN_AMOUNT', usdtValume: 'STABLE', fromChainObject: '{}', toChainObject: '{}', tokenObject: '{}' }
  return JSON.stringify(wire)
    .replace('"AMOUNT"', amount(100_000_000_000))
    .replace('"IN_AMOUNT"', amount(200_000_000_000))
    .replace('"STABLE"', stable ? amount(300_000_000_000) : 'null')
}

/** How every body of one case begins: its envelope's message names the case. */
const opening = (marker: string): string => `{"code":200,"message":"${marker}"`

/** Page `p`'s body; one record in `stableEvery` has a stable value, the others null. */
function body(marker: string, p: number, { pages, size, stableEvery }: Pages): string {
  const records = Array.from({ length: size }, (_, k) => wireRecord(p * size + k, k % stableEvery === 0))
  return `${opening(marker)},"data":{"list":[${records.join(',')}],"total":${pages * size}}}`
}

/**
 * The records of freshly made and decoded pages, or the table made of them: made in a function of its own, so
 * that nothing of the making (a register of its frame) is left pointing at the bodies.
 */
function loaded(marker: string, pages: Pages, kept: 'records' | 'table'): TransferRecord[] | TransferTable {
  const records = Array.from({ length: pages.pages }, (_, p) => {
    const page = quickHistoryPage(body(marker, p, pages))
    if (page === null) throw new Error('the quick decode stood aside: the amounts would not be slices of the body')
    return page.list
  }).flat()
  return kept === 'table' ? new TransferTable(records) : records
}

/**
 * A table of one page, with a record of a later page of `marker` merged in on top (as Live does): made in a
 * function of its own, as `loaded` is.
 */
function mergedWithNew(marker: string): TransferTable {
  const old = loaded('merged-base', { ...HISTORY, pages: 1 }, 'table') as TransferTable
  const text = `${opening(marker)},"data":{"list":[${wireRecord(1_000_000, true)}],"total":1}}`
  const page = quickHistoryPage(text)
  if (page === null) throw new Error('the quick decode stood aside')
  return old.merged(page.list, new Map())
}

/** How many texts beginning as the bodies of `marker` do, a heap snapshot finds (heap-texts says how). */
const bodiesInHeap = (marker: string): Promise<number> => textsInHeap(opening(marker))

describe('a loaded history keeps no response body alive', () => {
  it('the decoded records hold their bodies through the amounts cut from them (the control)', async () => {
    const records = loaded('records-held', HISTORY, 'records')
    expect(await bodiesInHeap('records-held')).toBe(HISTORY.pages)
    expect((records as TransferRecord[])[0]?.amount).toBe('100000000000.000000')
  })

  it('a table holds none of them, a stable value in every record', async () => {
    const table = loaded('table-every', HISTORY, 'table') as TransferTable
    expect(await bodiesInHeap('table-every')).toBe(0)
    expect(table.get(0)).toMatchObject({ amount: '100000000000.000000', usdtValume: '300000000000.000000' })
  })

  it('a table holds none of them, a stable value in few records (a field most rows lack: kept apart)', async () => {
    const table = loaded('table-few', { ...HISTORY, stableEvery: 10 }, 'table') as TransferTable
    expect(await bodiesInHeap('table-few')).toBe(0)
    expect(table.get(0)).toMatchObject({ amount: '100000000000.000000', usdtValume: '300000000000.000000' })
    expect(table.get(1).usdtValume).toBeNull()
  })

  it('a table of one record holds its body neither (a column of one text)', async () => {
    const table = loaded('table-one', { pages: 1, size: 1, stableEvery: 1 }, 'table') as TransferTable
    expect(await bodiesInHeap('table-one')).toBe(0)
    expect(table.get(0)).toMatchObject({ amount: '100000000000.000000', inAmount: '200000000000.000000', usdtValume: '300000000000.000000' })
  })

  it('a table merged with new records holds none of their bodies', async () => {
    const merged = mergedWithNew('table-merged')
    expect(await bodiesInHeap('table-merged')).toBe(0)
    expect(merged.get(0)).toMatchObject({ id: 1_000_000, amount: '100001000000.000000', usdtValume: '300001000000.000000' })
    expect(merged.length).toBe(HISTORY.size + 1)
  })
})
