// The quick decode keeps a copy of the last page it decoded, cut to one record, so that the object shapes of its
// records outlive a full collection (amount-search.ts, keepShapes). What it keeps must not keep the page's
// body alive: JSON.parse's strings are cut from the text they were parsed from, and V8 keeps a slice's whole
// parent alive. Observed in a heap snapshot (only what is reachable), as test/unit/main/dataset/table-retention
// observes the loaded table.
import { describe, expect, it } from 'vitest'
import { quickButterHistory } from '../../../../src/main/client/butter/decode'
import { docExample } from '../../../support/doc-example'
import { textsInHeap } from '../../../support/heap-texts'

/** Butter's published history page, its message made `marker` and its record repeated `n` times. */
function pageOf(marker: string, n: number): string {
  const published = JSON.parse(docExample('butter', 'history-by-address.example.txt').body) as { data: { list: unknown[] } }
  const record = JSON.stringify(published.data.list[0])
  return `{"code":200,"message":"${marker}","data":{"list":[${Array.from({ length: n }, () => record).join(',')}],"total":${n}}}`
}

/** Decodes a page of `marker` in a function of its own and keeps only how many records it gave. */
function decodedCount(marker: string): number {
  const page = quickButterHistory(pageOf(marker, 200))
  if (page === null) throw new Error('the quick way stood aside: nothing of the page would be kept')
  return page.list.length
}

/** How many texts beginning as the bodies of `marker` do, a heap snapshot finds (heap-texts says how). */
const bodiesInHeap = (marker: string): Promise<number> => textsInHeap(`{"code":200,"message":"${marker}"`)

describe('the last page the quick decode keeps', () => {
  it('keeps no body alive once its records are let go', async () => {
    expect(decodedCount('kept-shapes-page')).toBe(200)
    expect(await bodiesInHeap('kept-shapes-page')).toBe(0)
  })
})
