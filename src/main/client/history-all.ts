// "Load all": every page of one address's history on one chain, complete under a list that moves.
//
// The service's list is newest first and grows at its head while we page through it: each arrival shifts
// every later record one place down, so page p asked now holds other records than page p asked a moment
// ago, and pages asked side by side come back in any order. A page carries the list's `total` at the moment
// it was answered, and with head arrivals only, `total - startTotal` is exactly how far that page's offsets
// have shifted. So every record is placed in the list *as it stood when the load began* (page 1's answer):
// start position = position on the page's list − (page total − start total). Positions below 0 are
// arrivals. What no page covered is asked again in a sweep from the lowest gap upwards; the head is checked
// at the end for the arrivals. A change that head arrivals cannot explain (the total below the start total,
// two records told for one place, one record at two places) is not silently patched: the result names it.
import { AppError } from '@shared/errors'
import type { LoadCompleteness, LoadDoubt } from '@shared/history-load'
import type { HistoryPage, TransferRecord } from '@shared/schemas/wire'
import type { ArrivedHistoryPage, QueryClient } from './query-client'

export interface HistoryProgress {
  loaded: number
  total: number
  pagesDone: number
  pagesTotal: number
}

export interface HistoryAllOptions {
  /** default: the client's maxPageSize */
  pageSize?: number
  /** pages in flight at once (default 4, at most 16) */
  concurrency?: number
  signal?: AbortSignal
  onProgress?: (progress: HistoryProgress) => void
  /** refuse to walk more pages than this (default 10,000): a bogus total must not run forever */
  maxPages?: number
}

export interface HistoryAll {
  /** newest first: the arrivals, then the list as it stood when the load began */
  list: TransferRecord[]
  /** the total the service reported last */
  total: number
  /** the total when the load began (page 1's answer) */
  startTotal: number
  /** records that arrived at the head during the load; they are in `list` */
  arrived: number
  doubts: LoadDoubt[]
  /** true when maxPages stopped us before the end */
  truncated: boolean
  /** pages answered, gap and head checks included */
  pagesDone: number
}

/** What "load all" asks of a client: any dialect's QueryClient, or a test's stand-in for its paging. */
export type HistorySource = Pick<QueryClient, 'maxPageSize' | 'queryHistory' | 'fetchHistory'>

/** The chain id "load all" is given for a history on every chain: everyChainSource never sends it. */
export const EVERY_CHAIN = 0

/**
 * A client's history on every chain (Butter's, chainId left out) as a source "load all" pages through, or
 * null when the dialect has none.
 */
export function everyChainSource(client: QueryClient): HistorySource | null {
  const allChains = client.queryHistoryAllChains?.bind(client)
  if (!allChains) return null
  return {
    maxPageSize: client.maxPageSize,
    queryHistory: (q, call) => allChains({ address: q.address, ...(q.pageNo ? { pageNo: q.pageNo } : {}), ...(q.pageSize ? { pageSize: q.pageSize } : {}) }, call)
  }
}

/** Sweep requests that fill nothing new before the sweep gives up on a list that outruns it. */
const STALL_LIMIT = 16

/** The start list's places and the arrivals, filled as pages come in from anywhere in the list. */
class Placement {
  /** start position → record; arrivals have negative positions (−1 the oldest arrival) */
  private readonly byPlace = new Map<number, TransferRecord>()
  private readonly placeOf = new Map<number, number>()
  readonly conflicts = new Set<number>()
  filled = 0
  shrankTo: number | null = null
  latestShift = 0

  constructor(
    readonly startTotal: number,
    /** places 0 … needed−1 of the start list are wanted (fewer than startTotal when maxPages cuts it) */
    readonly needed: number,
    private readonly pageSize: number
  ) {}

  /** Places one answered page; returns how many wanted places it filled for the first time. */
  place(pageNo: number, page: HistoryPage): number {
    const shift = page.total - this.startTotal
    if (shift < 0) {
      this.shrankTo = Math.min(this.shrankTo ?? page.total, page.total)
      return 0 // offsets of a list that lost records cannot be mapped back; the places stay open
    }
    this.latestShift = Math.max(this.latestShift, shift)
    let fresh = 0
    page.list.forEach((record, k) => {
      const place = (pageNo - 1) * this.pageSize + k - shift
      if (place >= this.needed) return
      const there = this.byPlace.get(place)
      const known = this.placeOf.get(record.id)
      if (there !== undefined && there.id !== record.id) {
        this.conflicts.add(place)
        return
      }
      if (known !== undefined && known !== place) {
        this.conflicts.add(place)
        return
      }
      if (there === undefined) {
        this.byPlace.set(place, record)
        this.placeOf.set(record.id, place)
        if (place >= 0) {
          this.filled++
          fresh++
        }
      } else {
        // the same record again: a newer copy wins (its state may have moved on meanwhile)
        this.byPlace.set(place, record)
      }
    })
    return fresh
  }

  /** the lowest wanted place no page has covered yet, or null */
  lowestGap(from = 0): number | null {
    for (let p = from; p < this.needed; p++) if (!this.byPlace.has(p)) return p
    return null
  }

  has(place: number): boolean {
    return this.byPlace.has(place)
  }

  get arrivals(): number {
    let n = 0
    for (const place of this.byPlace.keys()) if (place < 0) n++
    return n
  }

  list(): TransferRecord[] {
    return [...this.byPlace.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r)
  }
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

  let pagesDone = 0
  let latestTotal = 0
  let failure: unknown = null
  let placement: Placement | null = null

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
  const progress = (p: Placement): void => {
    opts.onProgress?.({
      loaded: p.filled + p.arrivals,
      total: p.needed + p.arrivals,
      pagesDone,
      pagesTotal: Math.max(pagesDone, Math.min(pagesFor(p.startTotal), maxPages))
    })
  }
  const take = (p: Placement, pageNo: number, page: HistoryPage): number => {
    pagesDone++
    latestTotal = Math.max(latestTotal, page.total)
    const fresh = p.place(pageNo, page)
    progress(p)
    return fresh
  }
  /** one page asked and placed, in order (the sweeps) */
  const askOne = async (p: Placement, pageNo: number): Promise<{ fresh: number; page: HistoryPage }> => {
    const page = (await request(pageNo)).decode()
    return { fresh: take(p, pageNo, page), page }
  }

  try {
    // Page 1 alone first: its total is the list the load vouches for.
    try {
      const first = (await request(1)).decode()
      // A service that sends no total is read until its pages run out: there is no list to place pages in.
      if (first.totalKnown === false) return await readToEnd(first)
      pagesDone++
      latestTotal = first.total
      placement = new Placement(first.total, Math.min(first.total, maxPages * pageSize), pageSize)
      placement.place(1, first)
      progress(placement)
    } catch (error) {
      failure = error
    }
    const p = placement
    if (failure === null && p !== null) {
      await spread(p)
      if (failure === null) await sweepGaps(p)
      if (failure === null) await checkHead(p)
    }
  } catch (error) {
    fail(error)
  } finally {
    opts.signal?.removeEventListener('abort', onAbort)
  }
  if (failure !== null || placement === null) {
    if (opts.signal?.aborted) throw new AppError({ kind: 'cancelled', operation: 'queryHistory', message: 'loading all pages was cancelled' })
    throw failure
  }

  const p: Placement = placement
  const doubts: LoadDoubt[] = []
  if (p.shrankTo !== null) doubts.push({ kind: 'shrank', from: p.startTotal, to: p.shrankTo })
  if (p.conflicts.size > 0) doubts.push({ kind: 'contradiction', places: p.conflicts.size })
  const missing = p.needed - p.filled
  if (missing > 0) doubts.push({ kind: 'missing', places: missing })
  return {
    list: p.list(),
    total: latestTotal,
    startTotal: p.startTotal,
    arrived: p.arrivals,
    doubts,
    truncated: pagesFor(p.startTotal) > maxPages,
    pagesDone
  }

  /**
   * The whole history of a service that sends no total (Bridge Scan): page after page, in order, until one
   * comes back shorter than asked. A record met again (the list moved while paged) is kept once; a full page
   * that adds nothing new ends the load and is named, as is the page limit.
   */
  async function readToEnd(first: HistoryPage): Promise<HistoryAll> {
    const byId = new Map<number, TransferRecord>()
    const add = (page: HistoryPage): number => {
      let fresh = 0
      for (const r of page.list) {
        if (!byId.has(r.id)) fresh++
        byId.set(r.id, r)
      }
      return fresh
    }
    const doubts: LoadDoubt[] = []
    const told = (): void => opts.onProgress?.({ loaded: byId.size, total: byId.size, pagesDone, pagesTotal: 0 })
    add(first)
    pagesDone = 1
    told()
    let last = first
    while (last.list.length >= pageSize && pagesDone < maxPages) {
      last = (await request(pagesDone + 1)).decode()
      pagesDone++
      const fresh = add(last)
      told()
      if (last.list.length > 0 && fresh === 0) {
        doubts.push({ kind: 'contradiction', places: last.list.length })
        break
      }
    }
    const list = [...byId.values()]
    return { list, total: list.length, startTotal: list.length, arrived: 0, doubts, truncated: last.list.length >= pageSize && pagesDone >= maxPages && doubts.length === 0, pagesDone }
  }

  /**
   * Pages 2 … n of the start list, `concurrency` at a time, in any answer order. Each worker sends its next
   * request as soon as an answer has arrived, before decoding it: decoding is CPU work that needs no
   * connection, and a worker that decoded first would leave its share of the concurrency idle meanwhile.
   */
  async function spread(pl: Placement): Promise<void> {
    const last = Math.min(pagesFor(pl.startTotal), maxPages)
    let next = 2
    const claim = (): number | null => (failure === null && next <= last ? next++ : null)
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
          take(pl, decoding, arrived.decode())
        } catch (error) {
          // The request already sent is cancelled by fail(); its rejection is expected and not waited for.
          pending?.catch(() => undefined)
          return fail(error)
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, () => worker()))
  }

  /**
   * Fills what the spread left open, one page at a time from the lowest gap. The page asked is where that
   * gap sits now by the latest total; arrivals meanwhile only push it further down, onto this page or the
   * next, and asked in ascending order consecutive pages leave nothing between them unless more records
   * arrive between two requests than a page holds. A sweep that fills nothing for STALL_LIMIT requests gives
   * up: what it could not reach is reported missing.
   */
  async function sweepGaps(pl: Placement): Promise<void> {
    let gap = pl.lowestGap()
    let stalled = 0
    let asked = 0
    // every request but the stalled ones fills at least one place, so this bound is never what ends a sweep
    // that progresses
    const budget = pl.needed + STALL_LIMIT
    while (gap !== null && failure === null && stalled < STALL_LIMIT && asked < budget) {
      if (pl.shrankTo !== null) return // offsets no longer map back: the places stay open and are reported
      const pageNo = Math.floor((gap + pl.latestShift) / pageSize) + 1
      asked++
      const { fresh, page } = await askOne(pl, pageNo)
      stalled = fresh > 0 ? 0 : stalled + 1
      if (page.list.length === 0) return // past the end of the list: nothing more to be had
      gap = pl.lowestGap(gap)
    }
  }

  /**
   * The arrivals: page 1, 2, … until a page reaches the start list (a place ≥ 0 already filled) or ends.
   * Ascending, consecutive pages overlap by the arrivals between them, so none in between is skipped.
   */
  async function checkHead(pl: Placement): Promise<void> {
    if (pl.shrankTo !== null) return
    let reach = -Infinity
    for (let pageNo = 1, stalled = 0; failure === null && stalled < STALL_LIMIT && pageNo <= maxPages; pageNo++) {
      const { page } = await askOne(pl, pageNo)
      const shift = page.total - pl.startTotal
      const lastPlace = (pageNo - 1) * pageSize + page.list.length - 1 - shift
      if (page.list.length < pageSize || (lastPlace >= 0 && pl.has(lastPlace))) return
      // arrivals at a page or more per request keep the start list out of reach: stop rather than chase
      stalled = lastPlace > reach ? 0 : stalled + 1
      reach = Math.max(reach, lastPlace)
    }
  }
}

/** A history loaded whole, in the shape the loaded-history engine takes it (src/main/dataset, `fetchAll`). */
export interface LoadedAll {
  /** newest first: the arrivals, then the list as it stood when the load began */
  records: TransferRecord[]
  /** how many transfers the list holds now: the start total and the arrivals */
  total: number
  completeness: LoadCompleteness
}

/** "Load all" through any dialect's client: fetchAllHistory, its result told as the dataset wants it. */
export async function loadAllHistory(
  client: QueryClient,
  input: { address: string; chainId: number; pageSize: number },
  opts: { signal?: AbortSignal; onProgress?: (progress: HistoryProgress) => void } = {}
): Promise<LoadedAll> {
  const all = await fetchAllHistory(
    client,
    { address: input.address, chainId: input.chainId },
    { pageSize: input.pageSize, ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) }
  )
  return { records: all.list, total: all.startTotal + all.arrived, completeness: { startTotal: all.startTotal, arrived: all.arrived, doubts: all.doubts } }
}
