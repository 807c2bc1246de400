// CSV and JSON exports of a loaded history. Amounts are written exactly: the wire text and the human value.
import { outcomeOf } from '@shared/states'
import type { HistoryFilter } from '@shared/contract'
import { amountText, receivedAmount, sentAmount } from '@shared/amounts'
import type { TransferRecord } from '@shared/schemas/wire'
import type { TransferColumnId } from '@shared/transfer-columns'
import { deliveryMs } from '@shared/transfer-time'
import { orderIdText, receivedKnown, stableValueText, stateText, typeText, wireDateTimeText } from '@shared/format'
import type { Settings } from '@shared/schemas/settings'

/** The user's state and type labels: exports write states and types as every view does ("Pending (0)"). */
export type ExportLabels = Pick<Settings['labels'], 'state' | 'type'> | undefined

const COLUMNS = [
  'timestamp',
  'hash',
  'fromChainId',
  'fromChain',
  'toChainId',
  'toChain',
  'token',
  'tokenAddress',
  'amountWire',
  'amount',
  'amountDecimals',
  'receivedWire',
  'received',
  'receivedToken',
  'receivedDecimals',
  'stableSymbol',
  'stableValue',
  'state',
  'outcome',
  'type',
  'from',
  'to',
  'relayerHash',
  'transferinHash',
  'orderId',
  'durationSeconds'
] as const
type ExportColumn = (typeof COLUMNS)[number]

/**
 * The fields each table column holds, for an export of the visible columns only: what the column shows,
 * exactly (an amount's wire text, human value and decimals; a route's ids and names). Fields no table
 * column shows (from, to, relayerHash, orderId) are in the whole export only.
 */
const FIELDS_OF: Readonly<Record<TransferColumnId, readonly ExportColumn[]>> = {
  time: ['timestamp'],
  route: ['fromChainId', 'fromChain', 'toChainId', 'toChain'],
  token: ['token', 'tokenAddress'],
  amount: ['amountWire', 'amount', 'amountDecimals'],
  received: ['receivedWire', 'received', 'receivedToken', 'receivedDecimals'],
  stable: ['stableSymbol', 'stableValue'],
  state: ['state', 'outcome'],
  type: ['type'],
  duration: ['durationSeconds'],
  hashes: ['hash', 'transferinHash'],
  // what the chains answered is asked for the rows in view only, never part of the loaded history
  chain: []
}

/** The export's fields: every one, or (for the visible columns) those of the given columns in their order. */
export function exportColumns(columns?: readonly TransferColumnId[]): readonly ExportColumn[] {
  if (!columns) return COLUMNS
  return [...new Set(columns.flatMap((c) => FIELDS_OF[c]))]
}

/** A whole cell that is a plain decimal number: the only text starting with "-" a spreadsheet may read. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/

/**
 * One CSV cell: quoted when needed, and any text a spreadsheet would read as a formula (=, +, -, @, tab,
 * CR at the start) defused with a leading apostrophe, unless the whole cell is a number. "-1+HYPERLINK(…)"
 * starts like a number but is a formula, so only the whole cell decides.
 */
export function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  const safe = /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * One exported row, the same named columns in CSV and JSON: each amount as its exact wire text (`…Wire`)
 * and as a person reads it, with the decimals that scale it. `received` and `receivedDecimals` are empty
 * when the destination token is not in the token list: the wire value is then the only truthful figure.
 * `durationSeconds` is the table's Duration (send → receipt), empty until the transfer is complete.
 * A transfer not yet delivered has no received amount: its received fields are empty (unknown), never the
 * wire's 0. The timestamp says its zone (UTC), states and types read as in the app ("Pending (0)"), stable
 * values have two decimals, and hex order ids carry their 0x.
 */
export function exportRecord(r: TransferRecord, labels?: ExportLabels): Record<ExportColumn, string | number | null> {
  const sent = sentAmount(r)
  const got = receivedAmount(r)
  const duration = deliveryMs(r)
  const known = receivedKnown(r)
  const human = (a: ReturnType<typeof sentAmount>): string | null => {
    const t = amountText(a, { grouping: false })
    return t.raw || t.missing ? null : t.text
  }
  return {
    timestamp: wireDateTimeText(r.timestamp),
    hash: r.hash,
    fromChainId: r.fromChainid,
    fromChain: r.fromChainObject?.chainName ?? null,
    toChainId: r.toChainid,
    toChain: r.toChainObject?.chainName ?? null,
    token: r.tokenObject?.symbol ?? null,
    tokenAddress: r.tokenAddress,
    amountWire: sent.unit === 'absent' ? null : sent.wire,
    amount: human(sent),
    amountDecimals: sent.decimals,
    receivedWire: known && got.unit !== 'absent' ? got.wire : null,
    received: known ? human(got) : null,
    receivedToken: got.symbol,
    receivedDecimals: got.decimals,
    stableSymbol: r.stable?.symbol ?? null,
    stableValue: r.stable ? stableValueText(r.stable.value, { grouping: false }) : null,
    state: stateText(r, labels?.state),
    outcome: outcomeOf(r),
    type: typeText(r.type, labels?.type),
    from: r.from,
    to: r.to,
    relayerHash: r.relayerHash,
    transferinHash: r.transferinHash,
    orderId: orderIdText(r.orderId),
    durationSeconds: duration === null ? null : duration / 1000
  }
}

export function toCsv(rows: Iterable<TransferRecord>, columns: readonly ExportColumn[] = COLUMNS, labels?: ExportLabels): string {
  const lines: string[] = [columns.join(',')]
  for (const r of rows) {
    const row = exportRecord(r, labels)
    lines.push(columns.map((c) => cell(row[c])).join(','))
  }
  return lines.join('\n') + '\n'
}

export function toJson(rows: Iterable<TransferRecord>, columns: readonly ExportColumn[] = COLUMNS, labels?: ExportLabels): string {
  if (columns === COLUMNS) return JSON.stringify(Array.from(rows, (r) => exportRecord(r, labels)), null, 2)
  return JSON.stringify(
    Array.from(rows, (r) => {
      const row = exportRecord(r, labels)
      return Object.fromEntries(columns.map((c) => [c, row[c]]))
    }),
    null,
    2
  )
}

/** What an export's file name says: whose history, which chain, which filter and date range. */
export function exportFilename(address: string, chainId: string, filter: HistoryFilter | undefined, format: 'csv' | 'json'): string {
  const parts = ['bridgescope', address, `chain${chainId}`]
  if (filter?.text?.trim()) parts.push(`q-${filter.text.trim()}`)
  if (filter?.token) parts.push(`token-${filter.token}`)
  if (filter?.fromChainId !== undefined) parts.push(`from${filter.fromChainId}`)
  if (filter?.toChainId !== undefined) parts.push(`to${filter.toChainId}`)
  if (filter?.state !== undefined) parts.push(`state${filter.state}`)
  if (filter?.outcome !== undefined) parts.push(filter.outcome)
  if (filter?.from || filter?.to) parts.push(`${filter.from?.slice(0, 10) ?? 'start'}_${filter.to?.slice(0, 10) ?? 'now'}`)
  const name = parts.join('-').replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 150)
  return `${name}.${format}`
}
