// A loaded ("load all") history as the renderer sees it: an id in main, a sort and a filter, and one window
// of rows around the viewport. Main sorts and filters; the renderer never holds more than the window.
import type { HistoryFilter, HistorySort, LoadedState, Progress } from '@shared/contract'
import type { LoadCompleteness } from '@shared/history-load'
import type { AppErrorData } from '@shared/errors'
import type { TableRow } from '@shared/table-row'
import type { TransferColumnId } from '@shared/transfer-columns'
import { bridge, call, errorData } from '../api'
import { covers, runsOut, windowFor, type Range } from './virtual'

/** how near the held window's end the rows in view may come before the next window is asked for */
const AHEAD_ROWS = 60

export interface RowWindow {
  offset: number
  rows: TableRow[]
}

let jobSeq = 0

export class LoadedHistory {
  datasetId = $state<string | null>(null)
  /** rows in the dataset / rows that pass the filter */
  total = $state(0)
  matched = $state(0)
  /** null: the order the service returned (no sort pass in main, so the first rows paint sooner) */
  sort = $state<HistorySort | null>(null)
  filter = $state.raw<HistoryFilter>({})
  /** the rows held: raw, never proxied — they are replaced, not mutated */
  window = $state.raw<RowWindow | null>(null)
  progress = $state.raw<Progress | null>(null)
  /** what the last load vouches for (null: shown from the cache, or nothing loaded) */
  completeness = $state.raw<LoadCompleteness | null>(null)
  loading = $state(false)
  error = $state<AppErrorData | null>(null)
  /** main is still counting the rows that pass the filter: `matched` is those found so far */
  counting = $state(false)
  /**
   * A sort or filter change whose rows have not arrived yet: the rows and counts shown are of the view before it.
   * Main answers in a few ms, but it is an answer over IPC all the same; the summary and the table say they are
   * busy meanwhile (aria-busy), so neither a screen reader nor a script reads the old count as the new view's.
   */
  pending = $state(false)
  /**
   * Counts sort and filter changes: the table goes back to its first row on each. A new view is a new list, and
   * the place the table had in the old one means nothing in it; where the new view was shorter than that
   * place, the table jumped to its end a moment later and drew every row anew, which made typing in the filter slow (bench filter_p95_ms).
   */
  toTop = $state(0)
  /** a failed window fetch (the dataset stays; Retry asks again) */
  rowsError = $state<AppErrorData | null>(null)
  /** Live: transfers merged in on top since the load, and whether more arrived than a refresh reads */
  sinceLoad = $state(0)
  gap = $state(false)
  /** the last live refresh failed (the rows stay; the next one tries again) */
  liveError = $state<AppErrorData | null>(null)
  /** rows merged in above the one the user looks at: the table moves its scroll position by as many */
  shift = $state.raw({ seq: 0, rows: 0 })
  /** the rows that hold each column's widest text over the whole history: the table's column widths */
  widest = $state.raw<TableRow[] | null>(null)
  /** every state the whole loaded history holds (main's, with the widest rows): what the State filter offers */
  states = $state.raw<LoadedState[]>([])
  /** the held `widest` is not of the dataset as it is now (a new load, a merge): the next window asks for it */
  private needWidest = true
  private liveBusy = false
  private jobId = $state<string | null>(null)
  private need: Range = { start: 0, end: 0 }
  /** which way the table last scrolled: the next window holds more rows that way */
  private lean: -1 | 0 | 1 = 0
  private fetchSeq = 0
  private inflight = false
  private again = false

  get running(): boolean {
    return this.jobId !== null
  }

  rowAt(i: number): TableRow | undefined {
    const w = this.window
    return w && i >= w.offset ? w.rows[i - w.offset] : undefined
  }

  /** Load every page with progress; resolves true when a dataset is ready. */
  async loadAll(address: string, chainId: number, pageSize?: number): Promise<boolean> {
    if (this.jobId) await this.cancel()
    const jobId = `job-${Date.now().toString(36)}-${++jobSeq}`
    this.jobId = jobId
    this.loading = true
    this.error = null
    this.progress = { jobId, loaded: 0, total: 0, pagesDone: 0, pagesTotal: 0, done: false }
    const off = bridge().on('history:progress', (p) => {
      if (p.jobId === jobId) this.progress = p
    })
    try {
      const res = await call('history:loadAll', { jobId, address, chainId, ...(pageSize ? { pageSize } : {}) })
      if (this.jobId !== jobId) return false
      this.datasetId = res.datasetId
      this.total = res.total
      this.completeness = res.completeness
      this.window = null
      this.needWidest = true
      this.sinceLoad = 0
      this.gap = false
      this.liveError = null
      await this.refresh()
      return true
    } catch (e) {
      if (this.jobId === jobId) this.error = errorData(e)
      return false
    } finally {
      off()
      if (this.jobId === jobId) {
        this.jobId = null
        this.loading = false
      }
    }
  }

  async cancel(): Promise<void> {
    const id = this.jobId
    if (!id) return
    this.jobId = null
    this.loading = false
    this.error = { kind: 'cancelled', message: 'Loading was cancelled; what was shown before is kept.' }
    try {
      await call('history:cancel', { jobId: id })
    } catch {
      // the job ended on its own meanwhile
    }
  }

  clear(): void {
    this.datasetId = null
    this.window = null
    this.widest = null
    this.states = []
    this.total = 0
    this.matched = 0
    this.progress = null
    this.completeness = null
    this.error = null
    this.rowsError = null
    this.counting = false
    this.pending = false
    this.filter = {}
    this.sinceLoad = 0
    this.gap = false
    this.liveError = null
  }

  setSort(sort: HistorySort): void {
    this.sort = sort
    this.backToTop()
  }

  setFilter(filter: HistoryFilter): void {
    this.filter = filter
    this.backToTop()
  }

  private backToTop(): void {
    this.lean = 0
    this.need = { start: 0, end: Math.max(0, this.need.end - this.need.start) }
    this.toTop++
    void this.refresh()
  }

  /** The visible range changed: fetch a new window if it is not covered, or soon will not be. */
  show(need: Range): void {
    // the first range after a load, sort or filter (need emptied) says nothing of a direction
    if (this.need.end > this.need.start && need.start !== this.need.start) this.lean = need.start > this.need.start ? 1 : -1
    this.need = need
    const w = this.window
    const have = w ? { offset: w.offset, count: w.rows.length } : null
    if (!covers(have, need)) return void this.fetch(false)
    if (!have || !runsOut(have, need, this.matched || this.total, AHEAD_ROWS)) return
    // only a window that moves: where the viewport is as tall as the window, the one asked for may be the one held
    const next = windowFor(need, this.matched || this.total, undefined, undefined, this.lean)
    if (next.offset !== have.offset || next.limit !== have.count) void this.fetch(false)
  }

  /** Sort or filter changed: the held window is no longer valid. */
  refresh(): Promise<void> {
    return this.fetch(true)
  }

  /**
   * One window request in flight at a time: while scrolling fast, the ranges passed meanwhile are not
   * fetched one by one; when the answer arrives, the latest range is checked again (latest wins).
   */
  private async fetch(reset: boolean): Promise<void> {
    const datasetId = this.datasetId
    if (!datasetId) return
    if (this.inflight && !reset) {
      this.again = true
      return
    }
    // After a load, sort or filter change, only what is on screen plus a few rows: a small answer repaints
    // sooner (bench: table_first_rows_ms, filter_p95_ms); scrolling on fetches the usual wider window.
    const start = Math.floor(this.need.start / 50) * 50
    const want = reset
      ? { offset: start, limit: Math.min(500, Math.max(0, this.need.end - start) + 10) }
      : windowFor(this.need, this.matched || this.total, undefined, undefined, this.lean)
    const seq = ++this.fetchSeq
    if (reset) this.pending = true
    this.inflight = true
    this.again = false
    try {
      const sort = this.sort
      const filter = this.filter
      const res = await call('history:rows', { datasetId, ...want, sort: sort ?? undefined, filter, ...this.askWidest() })
      if (seq !== this.fetchSeq) return
      this.takeWidest(res.widest, res.states)
      this.matched = res.matched
      this.total = res.total
      this.window = { offset: res.offset, rows: res.rows }
      this.rowsError = null
      this.counting = !res.complete
      if (!res.complete) void this.count(datasetId, sort, filter)
    } catch (e) {
      if (seq !== this.fetchSeq) return
      const err = errorData(e)
      if (!this.lost(err)) this.rowsError = err
    } finally {
      this.settle(seq)
    }
  }

  private askWidest(): { widest?: true } {
    return this.needWidest ? { widest: true } : {}
  }

  private takeWidest(widest: TableRow[] | undefined, states: LoadedState[] | undefined): void {
    if (!widest) return
    this.widest = widest
    if (states) this.states = states
    this.needWidest = false
  }

  /** A window request ended: unless a newer one overtook it, the range asked for meanwhile is shown next. */
  private settle(seq: number): void {
    if (seq !== this.fetchSeq) return
    this.inflight = false
    this.pending = false
    if (this.again && !this.rowsError) {
      this.again = false
      this.show(this.need)
    }
  }

  /**
   * Main keeps the last few loads only (and none after a restart): a view kept for the session may outlive its
   * rows there. Then back to pages, saying why, with Load all as the way back; true when that was the error.
   */
  private lost(err: AppErrorData): boolean {
    if (err.field !== 'datasetId') return false
    this.clear()
    this.error = { ...err, message: 'This history is no longer held in memory (only the most recent loads are kept); load it again.' }
    return true
  }

  /**
   * Live: main merges what the service has now into the dataset (new transfers on top, changed ones in place).
   * When rows changed, the window is asked again where the rows the user looks at now are, and applied with
   * the scroll shift in one go, so nothing on screen jumps. `first` is the first row on screen; `atTop` says the
   * table is at its very top, where the new rows simply show.
   */
  async live(first: number, atTop: boolean): Promise<void> {
    const datasetId = this.datasetId
    if (!datasetId || this.liveBusy || this.running) return
    this.liveBusy = true
    const sort = this.sort
    const filter = this.filter
    const anchor = this.rowAt(first)
    try {
      // a service that gives no record ids (Bridge Scan) has no row to hold in place: new rows then show from the top
      const res = await call('history:refresh', { datasetId, ...(anchor && anchor.id !== null ? { anchor: { id: anchor.id, sort: sort ?? undefined, filter } } : {}) })
      if (this.datasetId !== datasetId) return
      this.sinceLoad = res.sinceLoad
      this.gap = res.gap
      this.liveError = null
      if (res.arrived + res.updated === 0) return
      this.needWidest = true
      // another sort or filter meanwhile: its own fetch shows the merged rows from the top
      if (this.sort !== sort || this.filter !== filter) return void this.refresh()
      await this.reshow(datasetId, atTop || res.anchor === null ? 0 : res.anchor - first, res.total)
    } catch (e) {
      const err = errorData(e)
      if (this.datasetId !== datasetId) return
      if (!this.lost(err)) this.liveError = err
    } finally {
      this.liveBusy = false
    }
  }

  /** The window `rows` further down than the one shown (where its rows are now), then the table's shift with it. */
  private async reshow(datasetId: string, rows: number, total: number): Promise<void> {
    const need = { start: this.need.start + rows, end: this.need.end + rows }
    const sort = this.sort
    const filter = this.filter
    const seq = ++this.fetchSeq
    this.inflight = true
    this.again = false
    try {
      const res = await call('history:rows', { datasetId, ...windowFor(need, total), sort: sort ?? undefined, filter, ...this.askWidest() })
      if (seq !== this.fetchSeq) return
      this.takeWidest(res.widest, res.states)
      this.need = need
      this.matched = res.matched
      this.total = res.total
      this.window = { offset: res.offset, rows: res.rows }
      this.rowsError = null
      this.counting = !res.complete
      this.shift = { seq: this.shift.seq + 1, rows }
      if (!res.complete) void this.count(datasetId, sort, filter)
    } catch (e) {
      if (seq === this.fetchSeq) this.rowsError = errorData(e)
    } finally {
      this.settle(seq)
    }
  }

  /**
   * The whole count of a view main answered before it had counted every row (a long filter pass): asked
   * for at once, applied if the same dataset, sort and filter are still shown. A newer filter cancels it.
   */
  private async count(datasetId: string, sort: HistorySort | null, filter: HistoryFilter): Promise<void> {
    try {
      const res = await call('history:rows', { datasetId, offset: 0, limit: 1, sort: sort ?? undefined, filter, complete: true })
      if (this.datasetId !== datasetId || this.sort !== sort || this.filter !== filter) return
      this.matched = res.matched
      this.counting = false
    } catch {
      // replaced by a newer filter or sort (its own count follows), or the dataset was let go (fetch says so)
    }
  }

  /** `columns`: only the fields of these table columns (the visible ones); absent, every field. */
  async export(format: 'csv' | 'json', filter?: HistoryFilter, columns?: TransferColumnId[]): Promise<{ filename: string; content: string; rows: number }> {
    if (!this.datasetId) throw new Error('Load the whole history first.')
    return call('history:export', {
      datasetId: this.datasetId,
      format,
      sort: this.sort ?? undefined,
      filter: filter ?? this.filter,
      ...(columns ? { columns } : {})
    })
  }
}

/** Saves text as a file from the renderer: a Blob behind a temporary <a download>. */
export function download(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
