// A loaded history in SQLite, as far as the table's figures need it: only for measuring it against the in-memory
// engine (bench/sqlite-vs-memory.ts); the app does not use it. It answers the same questions as the engine's
// `rows` — a window of the rows in loaded order or sorted by a key, with or without a text filter, and the count
// of the rows a filter leaves — with the same rows in the same order, so the two can be compared row for row.
//
// Layout: one table, one row per transfer, its rowid the loaded position (0 the newest; rows merged in later
// would take negative positions, so loaded order stays rowid order), the whole record as JSON (what a window
// reads back), one sort key column per sortable field with an index per direction (an index also orders its
// ties by rowid, and ties keep the loaded order in both directions), and the texts the filter searches in an
// FTS5 table with the trigram tokenizer (any substring of three characters or more is found through the
// index; shorter queries read a lower-cased copy of the texts row by row).
import type { HistorySort } from '@shared/contract'
import { amountOrder, receivedAmount, sentAmount, stableOrder } from '@shared/amounts'
import type { TransferRecord } from '@shared/schemas/wire'
import { tableRow, type TableRow } from '@shared/table-row'
import type * as NodeSqlite from 'node:sqlite'

type Sqlite = typeof NodeSqlite
type Database = InstanceType<Sqlite['DatabaseSync']>
type Statement = ReturnType<Database['prepare']>

/** node:sqlite, or why it cannot be had in this Node (it exists from 22.5, without a flag from 22.13). */
export function loadSqlite(): Sqlite | string {
  try {
    const mod = process.getBuiltinModule?.('node:sqlite') as Sqlite | undefined
    return mod ?? `Node ${process.version} has no node:sqlite (it needs Node 22.13 or later)`
  } catch (error) {
    return `Node ${process.version} cannot load node:sqlite: ${(error as Error).message}`
  }
}

/** The fields the table sorts by, each with its key column: text where a person reads text, numbers else. */
const SORT_COLUMNS: Record<Exclude<HistorySort['key'], 'duration'>, string> = {
  timestamp: 'k_time',
  amount: 'k_amount',
  inAmount: 'k_in',
  symbol: 'k_symbol',
  state: 'k_state',
  type: 'k_type',
  fromChainid: 'k_from',
  toChainid: 'k_to',
  stable: 'k_stable'
}

/**
 * An exact amount order (a bigint of up to ~140 digits) as text that sorts the same: digit count then digits;
 * an unknown amount (-1) sorts first as the engine's does.
 */
function amountKey(v: bigint): string {
  if (v < 0n) return ''
  const digits = v.toString()
  return `${String(digits.length).padStart(3, '0')}${digits}`
}

/** The filter's texts as the engine searches them: lower-cased, a missing address as the text 'undefined'. */
function searched(r: TransferRecord): [string, string, string, string, string] {
  const text = (v: unknown): string => `${v as string}`.toLowerCase()
  return [text(r.hash), text(r.transferinHash), text(r.from), text(r.to), (r.tokenObject?.symbol ?? '').toLowerCase()]
}

export interface SqliteWindow {
  rows: TableRow[]
  /** the rows the filter leaves, when this answer counted them (a count is asked for apart, as the engine does) */
  matched: number | null
}

/**
 * How the trigram index keeps its postings: `full` with positions (a longer query is one phrase, answered by the
 * index alone), `none` without (a third of the size; the index gives the rows holding every trigram of the
 * query, and SQLite reads those rows' texts to keep the ones holding the query itself, through LIKE).
 */
export type FtsDetail = 'full' | 'none'

export class SqliteHistory {
  private readonly db: Database
  private readonly statements = new Map<string, Statement>()
  private rows = 0

  constructor(
    sqlite: Sqlite,
    path: string,
    cacheMb: number,
    private readonly detail: FtsDetail
  ) {
    this.db = new sqlite.DatabaseSync(path)
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -${cacheMb * 1024}; PRAGMA temp_store = MEMORY;`)
    this.db.exec('CREATE TABLE t (pos INTEGER PRIMARY KEY, record TEXT NOT NULL)')
    // what views read apart from the records (the searched texts, the sort keys): a scan or a sort of matches
    // reads a few hundred bytes a row, not the ~2 KB of a record
    this.db.exec(`CREATE TABLE x (pos INTEGER PRIMARY KEY, search TEXT NOT NULL, ${Object.values(SORT_COLUMNS).join(', ')})`)
    this.db.exec(`CREATE VIRTUAL TABLE s USING fts5(search, content='x', content_rowid='pos', tokenize='trigram', detail=${detail})`)
  }

  /** Loads `records` (loaded order) in one transaction; the indexes are made after the rows, which is faster. */
  ingest(records: readonly TransferRecord[]): void {
    const row = this.db.prepare('INSERT INTO t VALUES (?, ?)')
    const view = this.db.prepare('INSERT INTO x VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    this.db.exec('BEGIN')
    records.forEach((r, pos) => {
      row.run(pos, JSON.stringify(r))
      view.run(
        pos,
        // a separator no filter text holds (a text box takes no line break), so no query matches across two
        // texts; not NUL, which the engine uses: LIKE reads a text only up to its first NUL
        searched(r).join('\n'),
        r.timestamp,
        amountKey(amountOrder(sentAmount(r))),
        amountKey(amountOrder(receivedAmount(r))),
        r.tokenObject?.symbol ?? '',
        r.state,
        r.type,
        r.fromChainid,
        r.toChainid,
        amountKey(stableOrder(r.stable))
      )
    })
    this.db.exec("INSERT INTO s (s) VALUES ('rebuild')")
    this.db.exec('COMMIT')
    this.rows = records.length
    for (const k of Object.values(SORT_COLUMNS)) this.db.exec(`CREATE INDEX ${k}_a ON x (${k}); CREATE INDEX ${k}_d ON x (${k} DESC);`)
    this.db.exec('ANALYZE')
  }

  private prepared(sql: string): Statement {
    let st = this.statements.get(sql)
    if (!st) {
      st = this.db.prepare(sql)
      this.statements.set(sql, st)
    }
    return st
  }

  /**
   * The rows holding `text`: a query of `from` whose column `id` is the position, and its argument. Shorter than a
   * trigram, the texts are read row by row; longer, the trigram index answers.
   */
  private match(text: string): { sql: string; arg: string } {
    if (text.length < 3) return { sql: 'SELECT pos FROM x WHERE instr(search, ?) > 0', arg: text }
    // hex, addresses and symbols hold no quote, % or _ here; a real store would escape them
    return this.detail === 'full'
      ? { sql: 'SELECT rowid AS pos FROM s WHERE s MATCH ?', arg: `"${text.replaceAll('"', '""')}"` }
      : { sql: 'SELECT rowid AS pos FROM s WHERE search LIKE ?', arg: `%${text}%` }
  }

  /**
   * A window of the view, as the engine's `rows` answers it (the count left for `count`). The window's
   * positions are found first, from the indexes alone (an OFFSET steps over index entries, not over records),
   * and only its own records are read.
   */
  window(q: { offset: number; limit: number; sort?: HistorySort | undefined; text?: string | undefined }): SqliteWindow {
    const order = q.sort && q.sort.key !== 'duration' ? `${SORT_COLUMNS[q.sort.key]} ${q.sort.dir === 'asc' ? 'ASC' : 'DESC'}, pos ASC` : 'pos ASC'
    const text = q.text ?? ''
    let positions: { pos: number }[]
    if (!text && !q.sort) {
      // positions are contiguous (rows merged in on top would count down from the lowest): the window is a range
      positions = this.prepared('SELECT pos FROM x WHERE pos >= (SELECT min(pos) FROM x) + ? ORDER BY pos LIMIT ?').all(q.offset, q.limit) as { pos: number }[]
    } else if (!text) {
      positions = this.prepared(`SELECT pos FROM x ORDER BY ${order} LIMIT ? OFFSET ?`).all(q.limit, q.offset) as { pos: number }[]
    } else if (!q.sort) {
      // the index hands its matches out in position order, as does the scan: the window stops after its last row
      const m = this.match(text)
      positions = this.prepared(`${m.sql} ORDER BY pos LIMIT ? OFFSET ?`).all(m.arg, q.limit, q.offset) as { pos: number }[]
    } else if (text.length < 3) {
      // a short query keeps most rows: walk the sort's index and test each row's texts until the window is full
      positions = this.prepared(`SELECT pos FROM x WHERE instr(search, ?) > 0 ORDER BY ${order} LIMIT ? OFFSET ?`).all(
        text,
        q.limit,
        q.offset
      ) as { pos: number }[]
    } else {
      // a longer query keeps few: find them through the trigrams, then sort only those (the + keeps SQLite from
      // walking the whole sort index to find them)
      const m = this.match(text)
      const sorted = `+${order.replace(', pos ASC', ', +pos ASC')}`
      positions = this.prepared(`SELECT pos FROM x WHERE pos IN (${m.sql}) ORDER BY ${sorted} LIMIT ? OFFSET ?`).all(m.arg, q.limit, q.offset) as {
        pos: number
      }[]
    }
    const read = this.prepared('SELECT record FROM t WHERE pos = ?')
    const rows = positions.map((p) => tableRow(JSON.parse((read.get(p.pos) as { record: string }).record) as TransferRecord))
    return { rows, matched: text ? null : this.total() }
  }

  /** The rows the text filter leaves. */
  count(text: string): number {
    if (!text) return this.total()
    const m = this.match(text)
    return Number((this.prepared(`SELECT count(*) AS n FROM (${m.sql})`).get(m.arg) as { n: number }).n)
  }

  /** Rows held: kept as they are loaded (and merged), as a count(*) would read every page of a table. */
  total(): number {
    return this.rows
  }

  /** Bytes the database takes (pages × page size). */
  bytes(): number {
    const pages = this.db.prepare('PRAGMA page_count').get() as { page_count: number }
    const size = this.db.prepare('PRAGMA page_size').get() as { page_size: number }
    return Number(pages.page_count) * Number(size.page_size)
  }

  /** Bytes by what they hold: the records, the texts and keys views read, the trigram index, the sort indexes. */
  parts(): Record<'records' | 'texts_keys' | 'trigrams' | 'sort_indexes', number> {
    const sizes = this.db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as { name: string; bytes: number }[]
    const out = { records: 0, texts_keys: 0, trigrams: 0, sort_indexes: 0 }
    for (const { name, bytes } of sizes) {
      if (name === 't') out.records += Number(bytes)
      else if (name === 'x') out.texts_keys += Number(bytes)
      else if (name.startsWith('s_')) out.trigrams += Number(bytes)
      else if (name.startsWith('k_')) out.sort_indexes += Number(bytes)
    }
    return out
  }

  close(): void {
    this.db.close()
  }
}
