// "Load all": every page of one address's history on one chain, a few pages at a time.
//
// The service's list can move while we page through it (new transfers arrive). We cannot get a snapshot,
// so we: dedupe by record id (a record pushed onto the next page is not counted twice), follow the
// latest `total` (more pages are fetched when it grows, pages past its end are not asked for when it
// shrinks), and report `totalChanged` so the caller can tell the user the result may have moved.
import { AppError } from '../../shared/errors'
import type { HistoryPage, TransferRecord } from '../../shared/schemas/wire'
import type { ArrivedHistoryPage, CallOptions, HistoryQuery } from './bridge-api'

export interface HistoryProgress {
  loaded: number
  total: number
  pagesDone: number
  pagesTotal: number
}

export interface HistoryAllOptions {
  /** default: the client's maxPageSize */
  pageSize?: number
  /** pages in flight at once (default 4) */
  concurrency?: number
  signal?: AbortSignal
  onProgress?: (progress: HistoryProgress) => void
  /** refuse to walk more pages than this (default 10,000): a bogus total must not run forever */
  maxPages?: number
}

export interface HistoryAll {
  list: TransferRecord[]
  /** the total the service reported last */
  total: number
  /** true when the service's total changed while we were paging */
  totalChanged: boolean
  /** true when maxPages stopped us before the end */
  truncated: boolean
  pagesDone: number
}

export interface HistorySource {
  readonly maxPageSize: number
  queryHistory(query: HistoryQuery, call?: CallOptions): Promise<HistoryPage>
  /** when present, used instead of queryHistory so that decoding one page overlaps the next request */
  fetchHistory?(query: HistoryQuery, call?: CallOptions): Promise<ArrivedHistoryPage>
}

export async function fetchAllHistory(
  client: HistorySource,
  query: { address: string; chainId: number },
  opts: HistoryAllOptions = {}
): Promise<HistoryAll> {
  const pageSize = opts.pageSize ?? client.maxPageSize
  const concurrency = Math.max(1, Math.min(16, opts.concurrency ?? 4))
  const maxPages = opts.maxPages ?? 10_000
  // One controller for the whole job: the first failure stops the pages still in flight.
  const job = new AbortController()
  const onAbort = (): void => job.abort()
  opts.signal?.addEventListener('abort', onAbort, { once: true })
  if (opts.signal?.aborted) job.abort()

  const pages = new Map<number, TransferRecord[]>()
  const seen = new Set<number>()
  let total = 0
  let totalChanged = false
  let pagesTotal = 1
  let pagesDone = 0
  let nextPage = 2
  let failure: unknown = null

  const pagesFor = (t: number): number => Math.max(1, Math.ceil(t / pageSize))
  const request = (pageNo: number): Promise<ArrivedHistoryPage> => {
    const q = { ...query, pageNo, pageSize }
    const call = { signal: job.signal }
    if (client.fetchHistory) return client.fetchHistory(q, call)
    return client.queryHistory(q, call).then((page) => ({ decode: () => page }))
  }
  const fail = (error: unknown): void => {
    if (failure === null) failure = error
    job.abort()
  }
  const record = (pageNo: number, page: HistoryPage): void => {
    if (pageNo === 1 && pagesDone === 0) total = page.total
    else if (page.total !== total) {
      totalChanged = true
      total = page.total
    }
    pagesTotal = pagesFor(total)
    pages.set(pageNo, page.list)
    for (const r of page.list) seen.add(r.id)
    pagesDone++
    opts.onProgress?.({ loaded: seen.size, total, pagesDone, pagesTotal: Math.min(pagesTotal, maxPages) })
  }
  const claim = (): number | null => (failure === null && nextPage <= Math.min(pagesTotal, maxPages) ? nextPage++ : null)
  // Each worker has one request in flight at a time, and sends its next one as soon as an answer has
  // arrived, before decoding it: decoding is CPU work that needs no connection, and a worker that decoded
  // first would leave its share of the concurrency idle for that long. The next page is chosen from the
  // total known so far; a total that shrinks meanwhile costs at most one request per worker past the end.
  const worker = async (): Promise<void> => {
    let pageNo = claim()
    let pending = pageNo === null ? null : request(pageNo)
    while (pageNo !== null && pending !== null) {
      let arrived: ArrivedHistoryPage
      try {
        arrived = await pending
      } catch (error) {
        return fail(error)
      }
      if (failure !== null) return
      const decoding = pageNo
      pageNo = claim()
      pending = pageNo === null ? null : request(pageNo)
      try {
        record(decoding, arrived.decode())
      } catch (error) {
        // The request already sent is cancelled by fail(); its rejection is expected and not waited for.
        pending?.catch(() => undefined)
        return fail(error)
      }
    }
  }

  try {
    // Page 1 alone first: its total says how many pages there are.
    try {
      record(1, (await request(1)).decode())
    } catch (error) {
      failure = error
    }
    if (failure === null) await Promise.all(Array.from({ length: concurrency }, () => worker()))
  } finally {
    opts.signal?.removeEventListener('abort', onAbort)
  }
  if (failure !== null) {
    if (opts.signal?.aborted) throw new AppError({ kind: 'cancelled', operation: 'queryHistory', message: 'loading all pages was cancelled' })
    throw failure
  }

  const list: TransferRecord[] = []
  const kept = new Set<number>()
  for (const pageNo of [...pages.keys()].sort((a, b) => a - b)) {
    for (const r of pages.get(pageNo) ?? []) {
      if (kept.has(r.id)) continue
      kept.add(r.id)
      list.push(r)
    }
  }
  return { list, total, totalChanged, truncated: pagesFor(total) > maxPages, pagesDone }
}
