// What each cell of a Transfers row says, worked out once per row: the table draws it and sizes its columns
// from it. Rows are replaced, never changed, so a row object's texts stay right until the labels change.
import type { Settings } from '@shared/schemas/settings'
import { canBeStuck } from '@shared/outcome'
import { typeText } from '@shared/format'
import { NOT_PROVIDED } from '@shared/schemas/origin'
import { amountWords, lacksField, receivedWords, transferStateLabel, transferStateText, type ModelAmount } from '@shared/transfer'
import type { TableRow } from '@shared/table-row'
import { shortHash } from '../format'
import { chainLabel, stableText } from './cells'
import { legs, type Legs } from './timing'
import type { Seen } from './columns'

type Labels = Settings['labels'] | undefined

export interface RowTexts {
  from: string
  to: string
  /** "Ethereum → BNB Smart Chain" */
  route: string
  token: string
  /** the sent amount, exact, with " (raw)" when its decimals are unknown */
  amount: string
  amountRaw: boolean
  /** the received amount, with its token's symbol when a swap delivered another token than it took */
  received: string
  receivedRaw: boolean
  /** nothing is known to have arrived (not delivered, no receive transaction) */
  receivedUnknown: boolean
  stable: string
  stateNum: string
  stateLabel: string | null
  /** "Complete (1)" */
  state: string
  type: string
  legs: Legs
}

const cache = new WeakMap<TableRow, { labels: Labels; texts: RowTexts }>()

const isRaw = (a: ModelAmount): boolean => a.value === null && a.wire !== null

export function rowTexts(r: TableRow, labels: Labels): RowTexts {
  const hit = cache.get(r)
  if (hit && hit.labels === labels) return hit.texts
  const { source, destination } = r.legs
  const from = chainLabel(source.chainName, source.chainId)
  const to = chainLabel(destination.chainName, destination.chainId)
  const sentToken = r.sent.token
  const texts: RowTexts = {
    from,
    to,
    route: `${from} → ${to}`,
    // a service without tokens (MAP's Bridge Scan) leaves placeholders: said, never shown as an empty cell
    token: sentToken?.symbol ?? (sentToken?.address ? shortHash(sentToken.address) : NOT_PROVIDED),
    amount: amountWords(r.sent),
    amountRaw: isRaw(r.sent),
    received: receivedWords(r),
    receivedRaw: isRaw(r.received),
    receivedUnknown: r.outcome !== 'delivered' && !destination.hash,
    stable: stableText(r),
    stateNum: r.state.number === null ? '' : String(r.state.number),
    stateLabel: transferStateLabel(r, labels?.state),
    state: transferStateText(r, labels?.state),
    type: r.type === null ? (lacksField(r, 'type') ? NOT_PROVIDED : '—') : typeText(r.type, labels?.type),
    legs: legs(r)
  }
  cache.set(r, { labels, texts })
  return texts
}

/** px of a text in the cells' proportional font */
export type Measure = (text: string) => number

const ICON = 16
const GAP = 4
const ARROW = 12
/** a route's names are shown whole up to this; longer ones are cut at the end, whole in the tooltip */
const ROUTE_MAX = 340
/** the "stuck" mark beside a state: a space, its margin, its padding and its word in 11 px bold */
const STUCK = 56
/** the decode-issue mark beside a token */
const ISSUE = 18

/** What these rows need of each column. */
export function seenOf(rows: readonly { texts: RowTexts; stuck: boolean; issues: boolean }[], measure: Measure): Seen {
  const s = { amount: 0, received: 0, stable: 0, type: 0, duration: 0, route: 0, token: 0, state: 0, stateLabel: 0 }
  for (const { texts: t, stuck, issues } of rows) {
    s.amount = Math.max(s.amount, t.amount.length)
    s.received = Math.max(s.received, t.received.length)
    s.stable = Math.max(s.stable, t.stable.length)
    s.type = Math.max(s.type, t.type.length)
    s.duration = Math.max(s.duration, t.legs.text.length)
    s.route = Math.max(s.route, Math.min(ROUTE_MAX, measure(t.from) + measure(t.to) + 2 * ICON + 4 * GAP + ARROW))
    s.token = Math.max(s.token, measure(t.token) + (issues ? ISSUE : 0))
    const mark = stuck ? STUCK : 0
    s.state = Math.max(s.state, measure(t.state) + mark)
    s.stateLabel = Math.max(s.stateLabel, measure(t.stateLabel ?? t.state) + mark)
  }
  return s
}

/**
 * What a list's widest rows (main's widest.ts for a loaded history, or every row of a page) need of each
 * column: the widths the table keeps for the whole list. A row not delivered yet counts with the stuck mark,
 * which it may gain while it is shown.
 */
export function widestSeen(rows: readonly TableRow[], labels: Labels, measure: Measure): Seen {
  return seenOf(
    rows.map((r) => ({ texts: rowTexts(r, labels), stuck: canBeStuck(r.outcome), issues: r.issues.length > 0 })),
    measure
  )
}
