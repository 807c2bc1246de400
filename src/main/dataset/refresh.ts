// What a loaded history asks the service when it is kept current (Live): the head of the list, and the pages
// its newest transfers not yet delivered are on. Bounded, so a refresh costs a few requests however long the
// history: what it cannot read this time it says (gap) or reads next time.
import type { TransferRecord } from '@shared/schemas/wire'
import { pendingRows, type RowIds } from './merge'
import type { QueryClient } from '../client'
import type { TransferTable } from './table'

/** Head pages read at most per refresh: arrivals beyond this many pages leave a gap until a reload. */
export const HEAD_PAGES = 5
/** The newest transfers not yet delivered that a refresh asks about again... */
export const PENDING_ROWS = 20
/** ...on at most this many pages besides the head's. */
export const PENDING_PAGES = 3

export interface HistoryQuery {
  address: string
  chainId: number
  pageSize: number
}

export interface HeadAnswer {
  /** the head of the list as it is now, newest first (page 1 and the pages after it) */
  head: TransferRecord[]
  /** the records of the pages the pending transfers are on */
  others: TransferRecord[]
  /** false when HEAD_PAGES pages were all new: transfers further down were not read */
  reachedKnown: boolean
}

/**
 * Reads page 1, then the next while every record on it is new (bounded by HEAD_PAGES), then the pages the
 * newest pending rows are on now. Where a row is now is its row plus what the list grew by above it: the
 * service's total less the rows held (new transfers arrive at the head).
 */
export async function askService(client: QueryClient, q: HistoryQuery, table: TransferTable, ids: RowIds): Promise<HeadAnswer> {
  const head: TransferRecord[] = []
  const read = new Set<number>()
  let total = 0
  let reachedKnown = false
  for (let pageNo = 1; pageNo <= HEAD_PAGES; pageNo++) {
    const page = await client.queryHistory({ address: q.address, chainId: q.chainId, pageNo, pageSize: q.pageSize })
    read.add(pageNo)
    if (pageNo === 1) total = page.total
    head.push(...page.list)
    // a record already held, or the end of the list: everything new is above it. (The end is told by the total,
    // not by a short page: a service may answer fewer rows than asked for.)
    if (page.list.some((r) => ids.has(r.id)) || page.list.length === 0 || pageNo * q.pageSize >= page.total) {
      reachedKnown = true
      break
    }
  }
  const grew = Math.max(0, total - table.length)
  const pages: number[] = []
  for (const row of pendingRows(table, PENDING_ROWS)) {
    const pageNo = Math.floor((row + grew) / q.pageSize) + 1
    if (!read.has(pageNo) && !pages.includes(pageNo)) pages.push(pageNo)
    if (pages.length === PENDING_PAGES) break
  }
  const answers = await Promise.all(pages.map((pageNo) => client.queryHistory({ address: q.address, chainId: q.chainId, pageNo, pageSize: q.pageSize })))
  return { head, others: answers.flatMap((p) => p.list), reachedKnown }
}
