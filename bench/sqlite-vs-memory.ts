// Could a loaded history live in SQLite (kept across restarts, browsed offline) and still hold the table's
// budgets? This measures main's share of the table figures (bench/table.ts) for the in-memory engine
// (src/main/dataset, through the same `rows` the history:rows channel calls) and for SQLite with an FTS5 trigram
// index (bench/lib/sqlite-history.ts), on the same records, in the same process, and checks that both answer the
// same rows. It is not part of `npm run bench`: node:sqlite needs Node 22.13 or later.
//   npx -y node@22 scripts/bench-sqlite.js [--tiny] [--sizes 100000,1000000] [--fts full|none] [--json file]
//
// Figures, each at 100,000 transfers (the busiest address of a 1,000,000-transfer demo network, as
// table_first_rows_ms and filter_p95_ms) and 1,000,000 (one address with ~1,000,000, as the table_1m_* figures):
//   ingest_ms        records in hand → ready to answer (the engine's columns; SQLite's rows, FTS index, sort indexes)
//   first_rows_ms    the first window after a load (offset 0, the rows on screen + 10), median of 20
//   filter_p95_ms    each round types 10 hex digits of a real hash and deletes them, one rows call per keystroke
//                    (the window a keystroke shows); p95 per round, median of 5 rounds
//   count_p95_ms     the count that follows a keystroke whose window came back before its count, p95 of all
//   sort_first_ms    a new sort's first window, every key and direction, each asked once (max)
//   filter_sorted_p95_ms   a filter round under a sort (amount, descending)
//   scroll_top_p95_ms      windows as scrolling from the top asks for them (250 rows, every 50), p95
//   scroll_deep_p95_ms     windows at random offsets through the whole view (a scrollbar dragged), p95
//   heap_mb_per_100k       JS heap + typed arrays held, per 100,000 (what main_heap_mb_per_100k measures)
//   rss_mb_per_100k        the process's resident memory added, per 100,000 (SQLite's pages are outside the heap)
//   disk_mb                SQLite's database file (disk_*_mb: the records, the texts and sort keys, the trigram
//                          index, the sort indexes)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistoryFilter, HistorySort } from '@shared/contract'
import type { TransferRecord } from '@shared/schemas/wire'
import { BridgeClient } from '../src/main/client/mcs/client'
import { fetchAllHistory } from '../src/main/client/history-all'
import { LoadedHistories } from '../src/main/dataset'
import type { QueryClient } from '../src/main/client'
import { DiskCache } from '../src/main/store/cache'
import { startChild } from './lib/child'
import type { Heavy } from './lib/sim-body'
import { loadSqlite, SqliteHistory, type FtsDetail } from './lib/sqlite-history'
import { collectGarbage, median, percentile } from './lib/stats'

const ROOT = process.argv[2] ?? process.cwd()
const args = process.argv.slice(3)
const tiny = args.includes('--tiny')
const sizesArg = args[args.indexOf('--sizes') + 1]
const SIZES = args.includes('--sizes') && sizesArg ? sizesArg.split(',').map(Number) : tiny ? [20_000] : [100_000, 1_000_000]
const jsonArg = args[args.indexOf('--json') + 1]
const JSON_OUT = args.includes('--json') && jsonArg ? jsonArg : join(ROOT, 'out', 'bench', 'sqlite-results.json')
/** the rows a table shows after a reset (a load, a sort, a keystroke): those on screen plus ten */
const FIRST = 40
const ROUNDS = tiny ? 1 : 5
const TEXT = 10
const SQLITE_CACHE_MB = 64
const detailArg = args[args.indexOf('--fts') + 1]
const DETAIL: FtsDetail = args.includes('--fts') && detailArg === 'none' ? 'none' : 'full'

interface Query {
  offset: number
  limit: number
  sort?: HistorySort | undefined
  text?: string | undefined
}

/** One way of holding a loaded history, asked what the table asks. */
interface Engine {
  /** a window, as the first answer to a keystroke, a sort or a scroll: row ids, and whether it was counted */
  rows(q: Query): Promise<{ ids: number[]; complete: boolean }>
  /** the rows the view holds, counted to the end */
  count(q: { sort?: HistorySort | undefined; text?: string | undefined }): Promise<number>
  close(): void
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now()
  const value = await fn()
  return { ms: performance.now() - t0, value }
}

function memory(): { heap: number; rss: number } {
  collectGarbage()
  collectGarbage()
  const m = process.memoryUsage()
  return { heap: (m.heapUsed + m.arrayBuffers) / 2 ** 20, rss: m.rss / 2 ** 20 }
}

/** The network in a child process, as bench/table.ts runs it; the records through the app's own client. */
async function records(size: number): Promise<TransferRecord[]> {
  const million = size > 200_000
  const transfers = tiny ? 40_000 : million ? Math.round(size / 0.9 + 1_000) : 1_000_000
  const share = million || tiny ? ['0.9'] : []
  const child = await startChild<{ baseUrl: string; heavy: Heavy }>(ROOT, 'sim-child.js', [String(transfers), ...share], 600_000)
  try {
    const { baseUrl, heavy } = child.hello
    const client = new BridgeClient({ baseUrl, maxPageSize: 1000, timeoutMs: 120_000 })
    const t0 = performance.now()
    const all = await fetchAllHistory(client, { address: heavy.address, chainId: heavy.chainId }, { pageSize: 1000 })
    log(`${all.list.length} transfers of ${heavy.address} loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    return all.list
  } finally {
    await child.stop()
  }
}

function log(message: string): void {
  process.stderr.write(`  ${message}\n`)
}

/** Filter texts as bench/table.ts picks them: 10 hex digits of the hashes on screen, each round its own first digit. */
function filterTexts(list: readonly TransferRecord[], passes: number): string[] {
  const out: string[] = []
  const used = new Set<string>()
  for (const r of list.slice(0, FIRST)) {
    for (let o = 2; o + TEXT <= r.hash.length && out.length < passes; o += TEXT) {
      const t = r.hash.slice(o, o + TEXT).toLowerCase()
      if (!used.has(t[0] as string)) {
        used.add(t[0] as string)
        out.push(t)
      }
    }
  }
  if (out.length < passes) throw new Error(`only ${out.length} filter texts with distinct first digits`)
  return out
}

/** What the box holds after each keystroke: the text typed key by key, then deleted key by key. */
function keystrokes(text: string): string[] {
  const typed = Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1))
  return [...typed, ...typed.slice(0, -1).reverse(), '']
}

/** The in-memory engine through `rows`, the call history:rows makes. */
async function memoryEngine(list: TransferRecord[]): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-sqlite-bench-'))
  // a cache far smaller than the history: no offline copy is written, as for any history over half the cache
  const cache = await DiskCache.open(dir, 1024 * 1024)
  const loaded = new LoadedHistories({
    cache,
    now: Date.now,
    source: {
      active: async () => ({ profileId: 'bench', client: {} as QueryClient }),
      load: async ({ address, chainId }) => ({
        profileId: 'bench',
        dialect: 'mcs',
        query: { address, chainId, pageSize: 1000 },
        walk: { ok: true, pages: { records: list, total: list.length, completeness: { startTotal: list.length, arrived: 0, doubts: [] } } },
        tokens: Promise.resolve(null)
      }),
      tokens: async () => null
    }
  })
  const { datasetId } = await loaded.loadAll({ jobId: 'bench', address: '0xbench', chainId: 1 }, () => undefined)
  const filter = (text?: string): HistoryFilter | undefined => (text ? { text } : undefined)
  return {
    rows: async (q) => {
      const r = await loaded.rows({ datasetId, offset: q.offset, limit: q.limit, sort: q.sort, filter: filter(q.text) })
      return { ids: r.rows.map((x) => x.id ?? -1), complete: r.complete }
    },
    count: async (q) => (await loaded.rows({ datasetId, offset: 0, limit: 1, sort: q.sort, filter: filter(q.text), complete: true })).matched,
    close: () => rmSync(dir, { recursive: true, force: true })
  }
}

/** SQLite in a file, as a history kept across restarts would be. */
function sqliteEngine(sqlite: Exclude<ReturnType<typeof loadSqlite>, string>, list: TransferRecord[]): Engine & Pick<SqliteHistory, 'bytes' | 'parts'> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-sqlite-bench-'))
  const db = new SqliteHistory(sqlite, join(dir, 'history.db'), SQLITE_CACHE_MB, DETAIL)
  db.ingest(list)
  return {
    rows: async (q) => {
      const r = db.window(q)
      return { ids: r.rows.map((x) => x.id ?? -1), complete: r.matched !== null }
    },
    count: async (q) => db.count(q.text ?? ''),
    bytes: () => db.bytes(),
    parts: () => db.parts(),
    close: () => {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

const SORTS: HistorySort[] = (['timestamp', 'amount', 'inAmount', 'symbol', 'state', 'type', 'fromChainid', 'toChainid'] as const).flatMap((key) => [
  { key, dir: 'desc' as const },
  { key, dir: 'asc' as const }
])

/** Every figure of one engine on one history; `answers` collects what it answered, to compare the engines. */
async function measure(engine: Engine, list: readonly TransferRecord[], answers: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  const note = (what: string, ids: readonly number[]): void => {
    answers.push(`${what}: ${ids.join(',')}`)
  }
  const first: number[] = []
  for (let i = 0; i < 20; i++) first.push((await timed(() => engine.rows({ offset: 0, limit: FIRST }))).ms)
  out.first_rows_ms = median(first)

  const filterRound = async (text: string, sort?: HistorySort): Promise<{ p95: number; counts: number[] }> => {
    const times: number[] = []
    const counts: number[] = []
    for (const typed of keystrokes(text)) {
      const { ms, value } = await timed(() => engine.rows({ offset: 0, limit: FIRST, sort, text: typed }))
      times.push(ms)
      note(`filter ${sort ? `${sort.key} ${sort.dir} ` : ''}"${typed}"`, value.ids)
      if (!value.complete) {
        const c = await timed(() => engine.count({ sort, text: typed }))
        counts.push(c.ms)
        note(`count "${typed}"`, [c.value])
      } else note(`count "${typed}"`, [await engine.count({ sort, text: typed })])
    }
    return { p95: percentile(times, 95), counts }
  }
  const texts = filterTexts(list, ROUNDS + 2)
  await filterRound(texts[ROUNDS] as string) // warm-up, with a text no round types
  const rounds: number[] = []
  const counts: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const round = await filterRound(texts[r] as string)
    rounds.push(round.p95)
    counts.push(...round.counts)
  }
  out.filter_p95_ms = median(rounds)
  out.count_p95_ms = counts.length ? percentile(counts, 95) : 0

  const sortTimes: number[] = []
  for (const sort of SORTS) {
    const { ms, value } = await timed(() => engine.rows({ offset: 0, limit: FIRST, sort }))
    sortTimes.push(ms)
    note(`sort ${sort.key} ${sort.dir}`, value.ids)
  }
  out.sort_first_ms = Math.max(...sortTimes)
  out.filter_sorted_p95_ms = (await filterRound(texts[ROUNDS + 1] as string, { key: 'amount', dir: 'desc' })).p95

  const scroll = async (offsets: readonly number[], sort?: HistorySort): Promise<number> => {
    const times: number[] = []
    for (const offset of offsets) {
      const { ms, value } = await timed(() => engine.rows({ offset, limit: 250, sort }))
      times.push(ms)
      note(`window ${offset} ${sort ? sort.key : ''}`, value.ids)
    }
    return percentile(times, 95)
  }
  const top = Array.from({ length: 40 }, (_, i) => i * 50)
  // the same pseudo-random offsets for both engines
  let seed = 7
  const deep = Array.from({ length: 40 }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return Math.floor(((seed / 2 ** 31) * list.length) / 50) * 50
  })
  const timestampDesc: HistorySort = { key: 'timestamp', dir: 'desc' }
  out.scroll_top_p95_ms = Math.max(await scroll(top), await scroll(top, timestampDesc))
  out.scroll_deep_p95_ms = Math.max(await scroll(deep), await scroll(deep, timestampDesc))
  return out
}

async function main(): Promise<void> {
  const sqlite = loadSqlite()
  if (typeof sqlite === 'string') {
    process.stderr.write(`${sqlite}. Run it with a Node that has it: npx -y node@22 scripts/bench-sqlite.js\n`)
    process.exitCode = 2
    return
  }
  const results: { size: number; memory: Record<string, number>; sqlite: Record<string, number>; sameAnswers: boolean }[] = []
  for (const size of SIZES) {
    const list = await records(size)
    const n = list.length
    const per100k = (mb: number): number => (mb * 100_000) / n

    const before = memory()
    let t0 = performance.now()
    const mem = await memoryEngine(list)
    const memIngest = performance.now() - t0
    const memHeld = memory()
    const memAnswers: string[] = []
    const memFigures = await measure(mem, list, memAnswers)
    mem.close()
    memFigures.ingest_ms = memIngest
    memFigures.heap_mb_per_100k = per100k(memHeld.heap - before.heap)
    memFigures.rss_mb_per_100k = per100k(memHeld.rss - before.rss)
    log(`memory engine at ${n}: ${JSON.stringify(round(memFigures))}`)

    const before2 = memory()
    t0 = performance.now()
    const lite = sqliteEngine(sqlite, list)
    const liteIngest = performance.now() - t0
    const liteHeld = memory()
    const liteAnswers: string[] = []
    const liteFigures = await measure(lite, list, liteAnswers)
    liteFigures.ingest_ms = liteIngest
    liteFigures.heap_mb_per_100k = per100k(liteHeld.heap - before2.heap)
    liteFigures.rss_mb_per_100k = per100k(liteHeld.rss - before2.rss)
    liteFigures.disk_mb = lite.bytes() / 2 ** 20
    for (const [part, bytes] of Object.entries(lite.parts())) liteFigures[`disk_${part}_mb`] = bytes / 2 ** 20
    lite.close()
    log(`sqlite at ${n}: ${JSON.stringify(round(liteFigures))}`)

    const differ = memAnswers.findIndex((a, i) => a !== liteAnswers[i])
    if (differ >= 0) log(`the engines answered differently: memory ${memAnswers[differ]?.slice(0, 200)} / sqlite ${liteAnswers[differ]?.slice(0, 200)}`)
    results.push({ size: n, memory: round(memFigures), sqlite: round(liteFigures), sameAnswers: differ < 0 && memAnswers.length === liteAnswers.length })
  }
  writeFileSync(JSON_OUT, `${JSON.stringify({ node: process.version, sqlite: sqliteVersion(sqlite), fts: DETAIL, cacheMb: SQLITE_CACHE_MB, tiny, results }, null, 2)}\n`)
  for (const r of results) {
    process.stdout.write(`\n${r.size} transfers (answers ${r.sameAnswers ? 'identical' : 'DIFFER'})\n`)
    process.stdout.write(`${'figure'.padEnd(22)}${'memory'.padStart(12)}${'sqlite'.padStart(12)}\n`)
    for (const k of Object.keys(r.sqlite)) process.stdout.write(`${k.padEnd(22)}${String(r.memory[k] ?? '').padStart(12)}${String(r.sqlite[k]).padStart(12)}\n`)
  }
  process.stdout.write(`\nwrote ${JSON_OUT}\n`)
}

function round(figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v * 10) / 10]))
}

function sqliteVersion(sqlite: Exclude<ReturnType<typeof loadSqlite>, string>): string {
  const db = new sqlite.DatabaseSync(':memory:')
  const v = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v
  db.close()
  return v
}

await main()
