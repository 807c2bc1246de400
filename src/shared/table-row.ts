// What the Transfers table shows of a transfer, and so what history:rows sends: the fields of its cells, its
// tooltips, the stuck check and the row's link (the hash). A row of the full record is ~2 KB, most of it
// detail-object fields, heights and hashes of legs the table never shows; this is ~45 % of that.
//
// Why (typing in the filter must keep up: bench filter_p95_ms): every keystroke in the filter replaces the rows on screen, and each row's
// bytes are copied out of main, carried across and parsed on the page's main thread before the rows can
// change. A full record is still one call away where it is shown whole (the transfer view, by hash).
import type { ChainDetail, TokenDetail, TransferRecord } from './schemas/wire'

export type TableChain = Pick<ChainDetail, 'chainName' | 'chainImg' | 'scanUrl'>
export type TableToken = Pick<TokenDetail, 'symbol' | 'decimal'>

export type TableRow = Pick<
  TransferRecord,
  // the record's id: which row the user looks at, kept in place when a live refresh adds rows above it
  | 'id'
  | 'hash'
  | 'transferinHash'
  | 'timestamp'
  | 'createdAt'
  | 'updatedAt'
  | 'height'
  | 'confirmHeight'
  | 'state'
  | 'type'
  | 'fromChainid'
  | 'toChainid'
  | 'amount'
  | 'inAmount'
  | 'tokenAddress'
  | 'stable'
  | 'received'
  | 'issues'
  | 'origin'
  | 'outcome'
> & {
  fromChainObject: TableChain | null
  toChainObject: TableChain | null
  tokenObject: TableToken | null
}

const chain = (c: ChainDetail | null): TableChain | null => (c ? { chainName: c.chainName, chainImg: c.chainImg, scanUrl: c.scanUrl } : null)

/** The row of a decoded record; a record with no `received` (main has not resolved it) keeps none. */
export function tableRow(r: TransferRecord): TableRow {
  const row: TableRow = {
    id: r.id,
    hash: r.hash,
    transferinHash: r.transferinHash,
    timestamp: r.timestamp,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    height: r.height,
    confirmHeight: r.confirmHeight,
    state: r.state,
    type: r.type,
    fromChainid: r.fromChainid,
    toChainid: r.toChainid,
    amount: r.amount,
    inAmount: r.inAmount,
    tokenAddress: r.tokenAddress,
    stable: r.stable,
    issues: r.issues,
    fromChainObject: chain(r.fromChainObject),
    toChainObject: chain(r.toChainObject),
    tokenObject: r.tokenObject ? { symbol: r.tokenObject.symbol, decimal: r.tokenObject.decimal } : null
  }
  if (r.received !== undefined) row.received = r.received
  if (r.origin !== undefined) row.origin = r.origin
  if (r.outcome !== undefined) row.outcome = r.outcome
  return row
}
