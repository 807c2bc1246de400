// Filtering a loaded history, read from its columns (table.ts) rather than from records: a filter reads only
// the columns it tests — numbers from typed arrays, addresses and tokens once per distinct value, hashes through
// their signatures (text-search.ts). Sorting is sort.ts; the views themselves, cached and computed in passes,
// are views.ts.
import type { HistoryFilter } from '@shared/contract'
import type { TokenDetail } from '@shared/schemas/wire'
import { ABSENT, timeSeconds } from './columns'
import { outcomeOf } from '@shared/states'
import { canBeStuck, OUTCOME_WORDS } from '@shared/outcome'
import { stateOfRecord, transferStateText } from '@shared/transfer'
import { needsOf } from './text-search'
import type { TransferTable } from './table'

function dayBound(text: string, end: boolean): string {
  return text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text
}

/** Cannot be typed into the filter box; dropped from a query, as when it separated a row's search texts. */
const SEP = '\u0000'

/** The filter without empty fields, so {} and {text: ' '} are the same view as no filter. */
export function normalFilter(f: HistoryFilter | undefined): HistoryFilter | undefined {
  if (!f) return undefined
  const out: HistoryFilter = {}
  const text = f.text?.trim().toLowerCase().replaceAll(SEP, '')
  if (text) out.text = text
  if (f.token) out.token = f.token.toLowerCase()
  if (f.fromChainId !== undefined) out.fromChainId = f.fromChainId
  if (f.toChainId !== undefined) out.toChainId = f.toChainId
  if (f.state !== undefined) out.state = f.state
  if (f.outcome !== undefined) out.outcome = f.outcome
  if (f.stuck !== undefined) out.stuck = f.stuck
  if (f.from) out.from = dayBound(f.from, false)
  if (f.to) out.to = dayBound(f.to, true)
  return Object.keys(out).length > 0 ? out : undefined
}

type Test = (i: number) => boolean

/** `timestamp < bound` (before) or `timestamp > bound` (after), as text order, read from the time column. */
function timeTest(t: TransferTable, bound: string, after: boolean): Test {
  const secs = t.times.timestamp.secs
  const b = timeSeconds(bound)
  const asText: Test = (i) => {
    const v = t.value(i, 'timestamp')
    return after ? v > bound : v < bound
  }
  // a row's seconds compare like its text only when the bound is a text of the same form
  if (b === null) return asText
  return (i) => {
    const s = secs[i] as number
    if (s === 0) return asText(i)
    return after ? s > b : s < b
  }
}

/**
 * Stuck at `now` as every view marks it (the renderer's timing.ts): in flight by its service's word, sent longer
 * ago than its route's minutes. The sent time is the record's timestamp, else its createdAt, as the model reads it.
 */
function stuckTest(t: TransferTable, stuck: NonNullable<HistoryFilter['stuck']>): Test {
  const { fromChainid, toChainid, state } = t.ints
  const sentSecs = t.times.timestamp.secs
  const createdSecs = t.times.createdAt.secs
  const nowSecs = stuck.now / 1000
  const minutes = (i: number): number => stuck.routes[`${fromChainid.get(i)}-${toChainid.get(i)}`] ?? stuck.defaultMinutes
  return (i) => {
    if (!canBeStuck(outcomeOf({ state: state.get(i) as number, outcome: t.value(i, 'outcome') }))) return false
    const sent = (sentSecs[i] as number) || (createdSecs[i] as number)
    return sent !== 0 && nowSecs - sent > minutes(i) * 60
  }
}

/**
 * One flag per distinct state of the history: 1 where its words hold the query — the state as the views write it
 * ("Complete (1)", "Refunded (6)"), read through the history's own dialect, and its outcome ("In flight").
 */
function stateFlags(t: TransferTable, q: string): Uint8Array {
  const { first } = t.states()
  const out = new Uint8Array(first.length)
  first.forEach((row, id) => {
    const m = stateOfRecord({ state: t.value(row, 'state'), outcome: t.value(row, 'outcome'), origin: t.value(row, 'origin') })
    if (`${transferStateText(m, undefined)}\u0000${OUTCOME_WORDS[m.outcome]}`.toLowerCase().includes(q)) out[id] = 1
  })
  return out
}

/** The test of every field of `f` (normalFilter's output) but its text; null when it has no other field. */
function predicate(t: TransferTable, f: HistoryFilter): Test | null {
  const tests: Test[] = []
  const { fromChainid, toChainid, state } = t.ints
  const { tokenObject, tokenAddress } = t.interned
  if (f.fromChainId !== undefined) tests.push((i) => fromChainid.get(i) === f.fromChainId)
  if (f.toChainId !== undefined) tests.push((i) => toChainid.get(i) === f.toChainId)
  if (f.state !== undefined) tests.push((i) => state.get(i) === f.state)
  if (f.outcome !== undefined) {
    const want = f.outcome
    tests.push((i) => {
      const o = t.value(i, 'outcome')
      return (o ?? outcomeOf({ state: t.value(i, 'state') })) === want
    })
  }
  if (f.stuck) tests.push(stuckTest(t, f.stuck))
  if (f.from) {
    const before = timeTest(t, f.from, false)
    tests.push((i) => !before(i))
  }
  if (f.to) {
    const after = timeTest(t, f.to, true)
    tests.push((i) => !after(i))
  }
  if (f.token) {
    const token = f.token
    const bySymbol = tokenObject.flags((v) => v !== ABSENT && v !== null && (v as TokenDetail).symbol.toLowerCase() === token)
    const byAddress = tokenAddress.flags((v) => typeof v === 'string' && v.toLowerCase() === token)
    tests.push((i) => bySymbol[tokenObject.ids[i] as number] === 1 || byAddress[tokenAddress.ids[i] as number] === 1)
  }
  if (tests.length === 0) return null
  if (tests.length === 1) return tests[0] as Test
  return (i) => {
    for (const test of tests) if (!test(i)) return false
    return true
  }
}

/**
 * Appends to `out` from `m` (answers the new end) the rows of order[from, to) (rows from…to-1 when `order` is
 * null) that pass `f` (normalFilter's output). The text is searched in the hash, received hash, from, to, token
 * symbol, both chains' names and the state's words, lower-cased — everything but the hashes tested once per
 * distinct value.
 */
export type Scan = (order: Uint32Array | null, from: number, to: number, out: Uint32Array, m: number) => number

export function scanner(t: TransferTable, f: HistoryFilter): Scan {
  const keep = predicate(t, f)
  const q = f.text
  if (q) {
    const { from, to, tokenObject, fromChainObject, toChainObject } = t.interned
    const needs = needsOf(q)
    const also = [
      { ids: from.ids, flags: t.distinct.from.flags(q) },
      { ids: to.ids, flags: t.distinct.to.flags(q) },
      { ids: tokenObject.ids, flags: t.distinct.symbol.flags(q) },
      { ids: fromChainObject.ids, flags: t.distinct.fromChain.flags(q) },
      { ids: toChainObject.ids, flags: t.distinct.toChain.flags(q) },
      { ids: t.states().ids, flags: stateFlags(t, q) }
    ]
    return (order, a, b, out, m) => t.search.select(needs, order, a, b, also, keep, out, m)
  }
  return (order, a, b, out, m) => {
    for (let j = a; j < b; j++) {
      const i = order === null ? j : (order[j] as number)
      if (keep === null || keep(i)) out[m++] = i
    }
    return m
  }
}

/** Whether every row `narrow` keeps is kept by `wide` (same fields but text, and text refined). */
export function refines(narrow: HistoryFilter | undefined, wide: HistoryFilter | undefined): boolean {
  if (!wide) return true
  if (!narrow) return false
  const { text: a = '', ...restA } = narrow
  const { text: b = '', ...restB } = wide
  return a.includes(b) && JSON.stringify(restA) === JSON.stringify(restB)
}

