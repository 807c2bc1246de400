// The histories loaded whole ("Load all"), at most MAX_DATASETS of them, most recent kept: how one is loaded
// (with progress and cancellation, or from its offline copy when the service fails), the windows of its sorted
// and filtered views the table asks for, its refreshes (Live), its exports and the rows charts are drawn from.
import type { ChannelParsed, HistoryFilter, HistoryRefresh, HistoryRows, HistorySort, LoadedState, Progress } from '@shared/contract'
import { tableRow } from '@shared/table-row'
import { stateOfRecord, transferOfRecord, type Transfer } from '@shared/transfer'
import type { LoadCompleteness } from '@shared/history-load'
import { AppError, toErrorData } from '@shared/errors'
import type { TokenList, TransferRecord } from '@shared/schemas/wire'
import { withReceivedTokens } from '@shared/amounts'
import type { DiskCache } from '../store'
import type { QueryClient } from '../client'
import { dialectKey } from '../services'
import { exportColumns, exportFilename, toCsv, toJson, type ExportLabels } from './export'
import { planMerge, RowIds } from './merge'
import { readOfflineCopy, saveOfflineCopy } from './offline-copy'
import { askService, type HistoryQuery } from './refresh'
import { DatasetViews } from './views'
import { widestAfterMerge, widestRecords, widestRecordsPaced } from './widest'

export interface AllPagesProgress {
  loaded: number
  total: number
  pagesDone: number
  pagesTotal: number
}
export interface AllPages {
  records: TransferRecord[]
  total: number
  completeness: LoadCompleteness
}

/** What one "Load all" brought back from its source: whose history, as asked, its pages or why not, its tokens. */
export interface SourceLoad {
  profileId: string
  /** the dialect the history is told in (the active client's) */
  dialect: string
  /** the history as asked: its page size the one asked for, within the profile's maximum */
  query: HistoryQuery
  /** every page, or what stopped the walk (a cancel included): the engine then reads the offline copy */
  walk: { ok: true; pages: AllPages } | { ok: false; error: unknown }
  /** the profile's token list, asked beside the pages; null when it cannot be had (received amounts stay raw) */
  tokens: Promise<TokenList | null>
}

/**
 * Where loaded histories come from. Declared here, where it is used; the app hands in the services' one
 * implementation (src/main/services/history-source.ts), tests a fake. "Load all" is one call, `load`: the active
 * profile's client, every page of one history through it and the token list, so a load enters the services once.
 */
export interface LoadSource {
  /** throws only when the active profile gives no client (then there is no offline copy to name either) */
  load(
    input: { address: string; chainId: number; pageSize?: number | undefined },
    options: { signal: AbortSignal; onProgress: (p: AllPagesProgress) => void }
  ): Promise<SourceLoad>
  /** the active profile and its client: what a Live refresh asks, and whose offline copies the charts read */
  active(): Promise<{ profileId: string; client: QueryClient }>
  /** the profile's token list, or null when it cannot be had (a Live refresh scales what arrives by it) */
  tokens(): Promise<TokenList | null>
}

export interface LoadedHistoriesDeps {
  cache: DiskCache
  now: () => number
  source: LoadSource
}

/** A loaded history: its rows held as columns (views.table), with the sorted and filtered views of them. */
interface Dataset {
  id: string
  profileId: string
  /** the dialect its rows were told in: a profile may speak another since (the demo's speaks all three) */
  dialect: string
  query: HistoryQuery
  views: DatasetViews
  /** where each record id is; made on the first refresh (a history never refreshed does not pay for it) */
  ids: RowIds | null
  /** transfers merged in on top since the load */
  arrived: number
  gap: boolean
  /** the refresh under way: a second caller waits for it rather than merging the same answers twice */
  refreshing: Promise<{ arrived: number; updated: number }> | null
  /** the rows that hold each column's widest text (widest.ts), found with the load, widened by each merge */
  widest: TransferRecord[] | null
}

const MAX_DATASETS = 4

export class LoadedHistories {
  private readonly datasets = new Map<string, Dataset>()
  private readonly jobs = new Map<string, AbortController>()
  /** background loads charts wait for (the demo's first-run history) */
  private readonly preloads = new Set<Promise<unknown>>()

  constructor(private readonly deps: LoadedHistoriesDeps) {}

  /**
   * A history's id, which also names its offline copy: per profile and per dialect, as the cache's keys are
   * (dialectKey), so a history loaded while a profile spoke one dialect is never served as another's. Our
   * original dialect's ids are as they were before dialects, so its offline copies saved then still load.
   */
  private datasetKey(client: { readonly dialect: string }, profileId: string, address: string, chainId: number): string {
    return dialectKey(client, `${profileId}|${address.toLowerCase()}|${chainId}`)
  }

  private keep(id: string, profileId: string, dialect: string, query: HistoryQuery, rows: TransferRecord[]): Dataset {
    const ds: Dataset = { id, profileId, dialect, query, views: new DatasetViews(rows), ids: null, arrived: 0, gap: false, refreshing: null, widest: null }
    this.datasets.get(id)?.views.dispose()
    this.datasets.delete(id)
    this.datasets.set(id, ds)
    while (this.datasets.size > MAX_DATASETS) {
      const oldest = this.datasets.keys().next().value
      if (oldest === undefined) break
      this.datasets.get(oldest)?.views.dispose()
      this.datasets.delete(oldest)
    }
    return ds
  }

  /**
   * The rows that hold each column's widest text, found before the load is answered (so the first window can
   * carry them): one pass over every row, in slices so IPC and other work run between them.
   */
  private async findWidest(ds: Dataset): Promise<void> {
    ds.widest = await widestRecordsPaced(ds.views.table, () => new Promise((resolve) => setImmediate(resolve)))
  }

  async loadAll(
    input: { jobId: string; address: string; chainId: number; pageSize?: number | undefined },
    emit: (p: Progress) => void
  ): Promise<{ datasetId: string; total: number; loaded: number; completeness: LoadCompleteness | null }> {
    const controller = new AbortController()
    this.jobs.get(input.jobId)?.abort()
    this.jobs.set(input.jobId, controller)
    const base = { jobId: input.jobId }
    let last = { pagesDone: 0, pagesTotal: 0 }
    try {
      const { profileId, dialect, query, walk, tokens } = await this.deps.source.load(
        { address: input.address, chainId: input.chainId, pageSize: input.pageSize },
        {
          signal: controller.signal,
          onProgress: (p) => {
            last = { pagesDone: p.pagesDone, pagesTotal: p.pagesTotal }
            emit({ ...base, ...p, done: false })
          }
        }
      )
      const id = this.datasetKey({ dialect }, profileId, input.address, input.chainId)
      try {
        if (!walk.ok) throw walk.error
        const { records, total, completeness } = walk.pages
        await this.findWidest(this.keep(id, profileId, dialect, query, withReceivedTokens(records, await tokens)))
        await saveOfflineCopy(this.deps.cache, this.deps.now(), profileId, id, records, total)
        emit({ ...base, loaded: records.length, total, ...last, done: true })
        return { datasetId: id, total, loaded: records.length, completeness }
      } catch (error) {
        const cached = controller.signal.aborted ? null : await readOfflineCopy(this.deps.cache, profileId, id)
        emit({ ...base, loaded: cached?.rows.length ?? 0, total: cached?.total ?? 0, ...last, done: true, error: toErrorData(error) })
        if (!cached) throw error
        // Offline: the last complete load of this history, with the error alongside in the progress event.
        await this.findWidest(this.keep(id, profileId, dialect, query, withReceivedTokens(cached.rows, await tokens)))
        return { datasetId: id, total: cached.total, loaded: cached.rows.length, completeness: null }
      }
    } finally {
      this.jobs.delete(input.jobId)
    }
  }

  /** Loads a whole history in the background; chartSources waits for it. A failure only leaves it unloaded. */
  preload(address: string, chainId: number): void {
    const job = this.loadAll({ jobId: `preload:${address}:${chainId}`, address, chainId }, () => {}).catch(() => null)
    this.preloads.add(job)
    void job.finally(() => this.preloads.delete(job))
  }

  cancel(jobId: string): void {
    this.jobs.get(jobId)?.abort()
  }

  private dataset(id: string): Dataset {
    const ds = this.datasets.get(id)
    if (!ds) throw new AppError({ kind: 'input', message: 'That history is no longer loaded; load it again.', field: 'datasetId' })
    return ds
  }

  /**
   * A window of a view. Of a view still being counted (a filter over more rows than a pass answers at once),
   * the rows found so far are answered with complete: false; `complete: true` waits for the whole count.
   */
  async rows(input: {
    datasetId: string
    offset: number
    limit: number
    sort?: HistorySort | undefined
    filter?: HistoryFilter | undefined
    complete?: boolean | undefined
    widest?: boolean | undefined
  }): Promise<HistoryRows> {
    const ds = this.dataset(input.datasetId)
    const { view, complete } = input.complete
      ? { view: await ds.views.whole(input.sort, input.filter), complete: true }
      : ds.views.window(input.sort, input.filter, input.offset + input.limit)
    // A filter that leaves fewer rows than the table was scrolled past: the last rows, at once, rather than an
    // empty window the table would have to ask again for (one round trip per keystroke, not two).
    const offset = complete && input.offset >= view.length ? Math.max(0, view.length - input.limit) : input.offset
    const end = Math.min(view.length, offset + input.limit)
    const rows = ds.views.table.records(view.subarray(Math.min(offset, end), end)).map(tableRow)
    const out: HistoryRows = { rows, offset, total: ds.views.table.length, matched: view.length, complete }
    if (input.widest) {
      out.widest = (ds.widest ??= widestRecords(ds.views.table)).map(tableRow)
      out.states = loadedStates(ds.views.table)
    }
    return out
  }

  /**
   * Keeps a loaded history current (Live): asks the head of the list and the pages of its newest pending
   * transfers again (refresh.ts), puts new transfers on top and replaces changed ones where they are
   * (merge.ts). A refresh that finds nothing changes nothing; one that finds something gives the dataset new
   * views, so sorts, filters and exports see the merged rows.
   */
  async refresh(input: {
    datasetId: string
    anchor?: { id: number; sort?: HistorySort | undefined; filter?: HistoryFilter | undefined } | undefined
  }): Promise<HistoryRefresh> {
    const ds = this.dataset(input.datasetId)
    ds.refreshing ??= this.merge(ds).finally(() => {
      ds.refreshing = null
    })
    const changed = await ds.refreshing
    // a load of the same history meanwhile replaced this dataset: its numbers, nothing merged into it
    const now = this.datasets.get(ds.id) ?? ds
    const { arrived, updated } = now === ds ? changed : { arrived: 0, updated: 0 }
    let anchor: number | null = null
    if (input.anchor && arrived + updated > 0) {
      const row = now.ids?.row(input.anchor.id) ?? -1
      const at = row < 0 ? -1 : now.views.view(input.anchor.sort, input.anchor.filter).indexOf(row)
      anchor = at < 0 ? null : at
    }
    return { arrived, updated, sinceLoad: now.arrived, total: now.views.table.length, gap: now.gap, anchor }
  }

  private async merge(ds: Dataset): Promise<{ arrived: number; updated: number }> {
    const { profileId, client } = await this.deps.source.active()
    if (profileId !== ds.profileId) {
      throw new AppError({ kind: 'input', message: 'This history was loaded on another endpoint profile; switch back to it to keep it current.' })
    }
    if (client.dialect !== ds.dialect) {
      throw new AppError({ kind: 'input', message: `This history was loaded while the profile spoke another service (${ds.dialect}); switch back to it to keep it current, or load the history again.` })
    }
    ds.ids ??= new RowIds(ds.views.table)
    const answer = await askService(client, ds.query, ds.views.table, ds.ids)
    const tokens = await this.deps.source.tokens()
    withReceivedTokens(answer.head, tokens)
    withReceivedTokens(answer.others, tokens)
    if (this.datasets.get(ds.id) !== ds) return { arrived: 0, updated: 0 }
    if (!answer.reachedKnown) ds.gap = true
    const plan = planMerge(ds.views.table, ds.ids, answer.head, answer.others)
    if (plan.head.length === 0 && plan.replaced.size === 0) return { arrived: 0, updated: 0 }
    ds.views = ds.views.merged(ds.views.table.merged(plan.head, plan.replaced), plan.head.length, [...plan.replaced.keys()])
    if (ds.widest) ds.widest = widestAfterMerge(ds.widest, [...plan.head, ...plan.replaced.values()])
    ds.ids.prepend(plan.head)
    ds.arrived += plan.head.length
    return { arrived: plan.head.length, updated: plan.replaced.size }
  }

  export(input: ChannelParsed<'history:export'>, labels?: ExportLabels): {
    filename: string
    content: string
    rows: number
  } {
    const ds = this.dataset(input.datasetId)
    const view = ds.views.view(input.sort, input.filter)
    const picked = ds.views.table.records(view)
    const [, address = 'history', chainId = ''] = ds.id.split('|')
    const filename = exportFilename(address, chainId, input.filter, input.format)
    const columns = exportColumns(input.columns)
    return { filename, content: input.format === 'csv' ? toCsv(picked, columns, labels) : toJson(picked, columns, labels), rows: picked.length }
  }

  /**
   * The histories charts are drawn from: every dataset loaded in this session, plus the last complete load
   * of each watched address and chain kept in the cache (also offline, also after a restart).
   */
  async chartSources(watched: readonly { address: string; chainIds: readonly number[] }[]): Promise<Iterable<Transfer>[]> {
    await Promise.all(this.preloads)
    const active = await this.deps.source.active().catch(() => null)
    // the active profile's histories only, in the dialect it speaks now: another service may tell the same
    // transfers otherwise (with values where this one has none), and the charts are of what this one says.
    // Rows read one at a time: a loaded million is never a million objects at once.
    const out: Iterable<Transfer>[] = [...this.datasets.values()]
      .filter((d) => active === null || (d.profileId === active.profileId && d.dialect === active.client.dialect))
      .map((d) => transfersOf(d.views.table.rows()))
    if (active === null) return out
    const { profileId, client } = active
    for (const w of watched) {
      for (const chainId of w.chainIds) {
        const id = this.datasetKey(client, profileId, w.address, chainId)
        if (this.datasets.has(id)) continue
        const cached = await readOfflineCopy(this.deps.cache, profileId, id)
        if (cached) out.push(transfersOf(cached.rows))
      }
    }
    return out
  }
}

/** The model of each record as it is reached: a loaded million is never a million transfers at once. */
function* transfersOf(records: Iterable<TransferRecord>): Generator<Transfer> {
  for (const r of records) yield transferOfRecord(r)
}

/** Every state number the history holds, as the model reads each (its word and outcome), with its rows. */
function loadedStates(table: DatasetViews['table']): LoadedState[] {
  const { first, counts } = table.states()
  const byNumber = new Map<string, LoadedState>()
  first.forEach((row, id) => {
    const t = stateOfRecord({ state: table.value(row, 'state'), outcome: table.value(row, 'outcome'), origin: table.value(row, 'origin') })
    if (t.state.number === null) return
    const key = `${t.state.number}\u0000${t.outcome}`
    const seen = byNumber.get(key)
    if (seen) seen.rows += counts[id] as number
    else byNumber.set(key, { number: t.state.number, word: t.state.word, outcome: t.outcome, rows: counts[id] as number })
  })
  return [...byNumber.values()].sort((a, b) => a.number - b.number)
}
