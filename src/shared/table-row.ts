// What the Transfers table shows of a transfer, and so what history:rows and history:page send: the transfer
// model (transfer.ts) without what no cell, tooltip, filter mark or link reads — the sender and receiver, the
// relay leg, the legs' contracts and RPCs, the destination's heights, the tokens' names. A row is read by the table, the stuck mark, the Overview's
// watched addresses and the Transfer view's times; none of them reads a service's record.
//
// Why trimmed (typing in the filter must keep up: bench filter_p95_ms): every keystroke in the filter replaces
// the rows on screen, and each row's bytes are copied out of main, carried across and parsed on the page's main
// thread before the rows can change. The whole model is one call away where it is shown whole (the Transfer
// view, by hash).
import { transferOfRecord, type ModelAmount, type ModelLeg, type Transfer } from './transfer'
import type { HistoryPage, TransferRecord } from './schemas/wire'

/** A leg as a row shows it: its chain (name, icon, explorer for the hash link) and its hash (its time is the row's times). */
export type RowLeg = Pick<ModelLeg, 'chainId' | 'chainName' | 'hash' | 'explorer'> & { icon: string | null }
export type RowSourceLeg = RowLeg & Pick<ModelLeg, 'height' | 'confirmHeight'>

export type TableRow = Pick<Transfer, 'dialect' | 'hash' | 'id' | 'sent' | 'received' | 'stable' | 'state' | 'outcome' | 'type' | 'times' | 'notProvided' | 'issues'> & {
  legs: { source: RowSourceLeg; destination: RowLeg }
}

const rowLeg = (l: ModelLeg): RowLeg => ({ chainId: l.chainId, chainName: l.chainName, hash: l.hash, explorer: l.explorer, icon: l.icon ?? null })

/** An amount without its token's name, which no cell shows. */
function rowAmount(a: ModelAmount): ModelAmount {
  return a.token ? { ...a, token: { symbol: a.token.symbol, address: a.token.address, decimals: a.token.decimals } } : a
}

/** The row of a transfer. */
export function tableRowOf(t: Transfer): TableRow {
  const { source, destination } = t.legs
  return {
    dialect: t.dialect,
    hash: t.hash,
    id: t.id,
    legs: { source: { ...rowLeg(source), height: source.height, confirmHeight: source.confirmHeight }, destination: rowLeg(destination) },
    sent: rowAmount(t.sent),
    received: rowAmount(t.received),
    stable: t.stable,
    state: t.state,
    outcome: t.outcome,
    type: t.type,
    times: t.times,
    notProvided: t.notProvided,
    issues: t.issues
  }
}

/** The row of a history record, as its dialect's decoder produced it: through the model, never around it. */
export function tableRow(r: TransferRecord): TableRow {
  return tableRowOf(transferOfRecord(r))
}

/** One page of a sender's history as the app shows it: its rows, and the service's counts as it gave them. */
export interface RowPage {
  list: TableRow[]
  /** the service's total; where it sends none (totalKnown false), only how many are known to exist so far */
  total: number
  totalKnown?: false
}

export function rowPage(p: HistoryPage): RowPage {
  const out: RowPage = { list: p.list.map(tableRow), total: p.total }
  if (p.totalKnown === false) out.totalKnown = false
  return out
}
