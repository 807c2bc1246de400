// Which columns the Transfers table draws and how wide, so that no amount is ever cut. Kept free of the DOM
// (widths come in as numbers) so the rules are tested on their own.
//
// Amount, Received and Stable value are as wide as their longest text: they are drawn in a monospaced font
// and sized in `ch` of that font, so N characters always fit in N ch, whatever the font. When the columns
// do not fit the table, the others give way, one step at a time in this order, until they do: first the
// steps that wrap (nothing leaves the screen), then those that shorten, then one that hides:
//   1. the time wraps onto two lines, date above time
//   2. the two hashes stack, sent above received
//   3. the route shows the two chains' icons (names in its tooltip and for screen readers)
//   4. the state shows its label (number in its tooltip and for screen readers)
//   5. On chain shows its mark and short word (the whole word and its evidence in its tooltip and for screen
//      readers)
//   6. Type steps aside behind the Columns menu (unless the user asked for it there)
//   7. On chain steps aside too, but only where that makes the columns fit: a table that scrolls sideways
//      anyway keeps it, reached by scrolling
// and when even that does not fit, the table scrolls sideways with the time column pinned.
import type { HistorySort } from '@shared/contract'
import { allCellWords } from '@shared/chain-word'
import { TRANSFER_COLUMN_LABELS, transferColumnIds, type TransferColumnId } from '@shared/transfer-columns'

export interface ColumnDef {
  id: TransferColumnId
  label: string
  sortKey?: HistorySort['key']
  /** the user may hide it (Time stays: it names the row and is pinned when the table scrolls) */
  hideable: boolean
}

const SORT_KEYS: Partial<Record<TransferColumnId, HistorySort['key']>> = {
  time: 'timestamp',
  route: 'fromChainid',
  token: 'symbol',
  amount: 'amount',
  received: 'inAmount',
  stable: 'stable',
  state: 'state',
  type: 'type',
  duration: 'duration'
}

export const TABLE_COLUMNS: readonly ColumnDef[] = transferColumnIds.map((id) => ({
  id,
  label: TRANSFER_COLUMN_LABELS[id],
  ...(SORT_KEYS[id] ? { sortKey: SORT_KEYS[id] } : {}),
  hideable: id !== 'time'
}))

/** The user's choice per column: true shown, false hidden; absent, the default (shown; Type may step aside). */
export type ColumnChoice = Partial<Record<TransferColumnId, boolean>>

/** Whether the user wants a column: Time always; the others unless hidden. */
export function wanted(id: TransferColumnId, choice: ColumnChoice): boolean {
  return id === 'time' || choice[id] !== false
}

export const FIT_STEPS = ['time-wrap', 'hashes-stack', 'route-icons', 'state-label', 'chain-short', 'type-aside', 'chain-aside'] as const
export type FitStep = (typeof FIT_STEPS)[number]

/** What each step means, for the Columns menu. */
export const FIT_STEP_TEXT: Readonly<Record<FitStep, string>> = {
  'time-wrap': 'times wrap onto two lines',
  'hashes-stack': 'hashes stack',
  'route-icons': 'routes show chain icons',
  'state-label': 'states show their label',
  'chain-short': 'On chain shows its short word',
  'type-aside': 'Type steps aside',
  'chain-aside': 'On chain steps aside'
}

/** A column's width: CSS for the cells (in their own font's ch where it is text that must fit) and px for the fit. */
export interface Width {
  css: string
  px: number
}

/** The widths each column needs, and the narrower ones of the columns that have a compact form. */
export interface ColumnWidths {
  time: Width
  timeWrapped: Width
  route: Width
  routeIcons: Width
  token: Width
  amount: Width
  received: Width
  stable: Width
  state: Width
  stateLabel: Width
  type: Width
  duration: Width
  hashes: Width
  hashesStacked: Width
  chain: Width
  chainShort: Width
}

export interface Fit {
  /** the columns drawn, in order */
  shown: TransferColumnId[]
  /** the steps taken, a prefix of FIT_STEPS (type-aside left out when the user asked for Type) */
  steps: FitStep[]
  /** columns the user wants that stepped aside for room */
  aside: TransferColumnId[]
  /** every drawn column at its width, px: the row's least width */
  total: number
  /** the columns need more than the table has: it scrolls sideways, time pinned */
  scrolls: boolean
  /** the width of each drawn column, as CSS */
  css: Partial<Record<TransferColumnId, string>>
}

function widthOf(id: TransferColumnId, w: ColumnWidths, steps: ReadonlySet<FitStep>): Width {
  switch (id) {
    case 'time':
      return steps.has('time-wrap') ? w.timeWrapped : w.time
    case 'route':
      return steps.has('route-icons') ? w.routeIcons : w.route
    case 'state':
      return steps.has('state-label') ? w.stateLabel : w.state
    case 'hashes':
      return steps.has('hashes-stack') ? w.hashesStacked : w.hashes
    case 'chain':
      return steps.has('chain-short') ? w.chainShort : w.chain
    default:
      return w[id]
  }
}

/**
 * The first arrangement, taking the steps in order, whose columns fit in `available` px; when none does,
 * all steps are taken and the table scrolls, On chain kept (stepping aside would not spare the scrolling). A
 * step that changes nothing (Type or On chain hidden or asked for) is skipped, so the steps taken are the ones
 * that made room.
 */
export function fitColumns(available: number, w: ColumnWidths, choice: ColumnChoice): Fit {
  const want = TABLE_COLUMNS.filter((c) => wanted(c.id, choice)).map((c) => c.id)
  const usable = FIT_STEPS.filter((s) => {
    if (s === 'type-aside') return want.includes('type') && choice.type !== true
    // the chain checks' column is the last to step aside: it is what no explorer shows
    if (s === 'chain-aside') return want.includes('chain') && choice.chain !== true
    if (s === 'route-icons') return want.includes('route')
    if (s === 'state-label') return want.includes('state')
    if (s === 'chain-short') return want.includes('chain')
    if (s === 'hashes-stack') return want.includes('hashes')
    return true
  })
  const arrange = (k: number): Fit => {
    const steps = new Set(usable.slice(0, k))
    const shown = want.filter((id) => !(id === 'type' && steps.has('type-aside')) && !(id === 'chain' && steps.has('chain-aside')))
    const css: Partial<Record<TransferColumnId, string>> = {}
    let total = 0
    for (const id of shown) {
      const width = widthOf(id, w, steps)
      css[id] = width.css
      total += width.px
    }
    return { shown, steps: [...steps], aside: [...(steps.has('type-aside') ? (['type'] as const) : []), ...(steps.has('chain-aside') ? (['chain'] as const) : [])], total, scrolls: total > available, css }
  }
  for (let k = 0; k < usable.length; k++) {
    const fit = arrange(k)
    if (!fit.scrolls) return fit
  }
  const last = arrange(usable.length)
  return last.scrolls && usable.at(-1) === 'chain-aside' ? arrange(usable.length - 1) : last
}

/** What the rows on screen need, in characters (monospaced columns) or px (text in the table's own font). */
export interface Seen {
  amount: number
  received: number
  stable: number
  type: number
  duration: number
  /** px */
  route: number
  token: number
  state: number
  stateLabel: number
}

export const NOTHING_SEEN: Seen = { amount: 0, received: 0, stable: 0, type: 0, duration: 0, route: 0, token: 0, state: 0, stateLabel: 0 }

/** The larger of each need: widths only grow while one list is shown, so scrolling never makes them jump back. */
export function widen(a: Seen, b: Seen): Seen {
  let grew = false
  const out = { ...a }
  for (const k of Object.keys(out) as (keyof Seen)[]) {
    if (b[k] > out[k]) {
      out[k] = b[k]
      grew = true
    }
  }
  return grew ? out : a
}

/** The measures of the fonts the table uses, px. */
export interface Metrics {
  /** one `ch` of the cells' monospaced font (12.5 px) */
  monoCh: number
  /** one `ch` of the time column's (12 px) */
  timeCh: number
  /** each header's longest word in the header font, with room for the sort mark (headers wrap between words) */
  head: Readonly<Record<TransferColumnId, number>>
}

const PAD = 16 // a cell's padding, both sides
const ICON = 16
const GAP = 4
/** the copy button beside a hash (its icon, padding and border) */
const COPY = 20
/** the hashes cell: two `0x1234…abcd` (11 characters each) with a copy button each, a slash between */
const HASH_CH = 11
const HASHES_PX = 2 * COPY + 3 * GAP + 14 + PAD
const HASHES_STACKED_PX = COPY + GAP + PAD

/** the chain column's mark, in ch of its monospaced font (its word follows) */
const CHAIN_MARK_CH = 2
/** the longest of the chain column's words, full and short: every word it may show (chain-word.ts) */
const CHAIN_CH = Math.max(...allCellWords().map((w) => w.word.length))
const CHAIN_SHORT_CH = Math.max(...allCellWords().map((w) => w.short.length))

/** A text column in the monospaced font: `n` characters or its header, whichever is wider, plus padding. */
function mono(n: number, ch: number, head: number): Width {
  const chars = Math.max(n, Math.ceil(head / ch))
  return { css: `calc(${chars}ch + ${PAD}px)`, px: chars * ch + PAD }
}

/** A column in the table's proportional font: its widest text or header, plus padding (and a little slack). */
function px(width: number, head: number): Width {
  const w = Math.ceil(Math.max(width, head) + PAD + 2)
  return { css: `${w}px`, px: w }
}

/** Each column's widths for what has been seen, in the fonts measured. */
export function columnWidths(seen: Seen, m: Metrics): ColumnWidths {
  const h = m.head
  return {
    time: mono(19, m.timeCh, h.time),
    // "2026-11-24" above "08:08:56": ten characters wide
    timeWrapped: mono(10, m.timeCh, h.time),
    route: px(seen.route, h.route),
    routeIcons: px(2 * ICON + 2 * GAP + 12, h.route),
    token: px(seen.token, h.token),
    amount: mono(seen.amount, m.monoCh, h.amount),
    received: mono(seen.received, m.monoCh, h.received),
    stable: mono(seen.stable, m.monoCh, h.stable),
    state: px(seen.state, h.state),
    stateLabel: px(seen.stateLabel, h.state),
    type: mono(seen.type, m.monoCh, h.type),
    duration: mono(seen.duration, m.monoCh, h.duration),
    hashes: { css: `calc(${2 * HASH_CH}ch + ${HASHES_PX}px)`, px: Math.max(2 * HASH_CH * m.monoCh + HASHES_PX, h.hashes + PAD) },
    hashesStacked: { css: `calc(${HASH_CH}ch + ${HASHES_STACKED_PX}px)`, px: HASH_CH * m.monoCh + HASHES_STACKED_PX },
    // one word of a few, in the monospaced font: as wide as the longest whatever the rows say
    chain: mono(CHAIN_MARK_CH + CHAIN_CH, m.monoCh, h.chain),
    chainShort: mono(CHAIN_MARK_CH + CHAIN_SHORT_CH, m.monoCh, h.chain)
  }
}
