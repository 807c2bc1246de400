// CSV and JSON exports of a loaded history, written from our transfer model. Amounts are written exactly: the
// wire text and the human value. An export reads back into the model (import.ts).
import type { HistoryFilter } from '@shared/contract'
import { formatDecimal } from '@shared/decimal'
import type { TransferRecord } from '@shared/schemas/wire'
import type { TransferColumnId } from '@shared/transfer-columns'
import { transferDeliveryMs, transferOfRecord, transferStateText, type ModelAmount, type Transfer } from '@shared/transfer'
import { dateTimeText, stableValueText, typeText } from '@shared/format'
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
  'receivedTokenAddress',
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
  'durationSeconds',
  'service'
] as const
export type ExportColumn = (typeof COLUMNS)[number]
/** every column of a whole export, in order: what an import reads back */
export const EXPORT_COLUMNS: readonly ExportColumn[] = COLUMNS

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
  received: ['receivedWire', 'received', 'receivedToken', 'receivedTokenAddress', 'receivedDecimals'],
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

/** A value in token units as a person reads it, ungrouped ("2722.476172"); null when it is not known. */
function human(a: ModelAmount): string | null {
  return a.value === null ? null : formatDecimal(a.value, { grouping: false })
}

/** The time as every view writes it ("2026-11-27 02:37:05 UTC"); null when the transfer has none. */
function timeText(iso: string | null): string | null {
  return iso === null ? null : dateTimeText(Date.parse(iso))
}

/**
 * One exported row of a transfer as our model holds it (src/shared/transfer.ts), the same named columns in CSV and
 * JSON: each amount as its exact wire text (`…Wire`) and as a person reads it, with the token and the decimals
 * that scale it — the received token's own (a swap delivers another token than it took). `received` is empty when
 * nothing is known to have arrived (on its way, refunded, failed: never the wire's 0) or when the received token's
 * decimals are unknown (the wire value is then the only truthful figure). `durationSeconds` is the table's Duration
 * (send → receipt), empty until delivered. The timestamp says its zone (UTC), states and types read as in the app
 * ("Pending (0)"), stable values have two decimals, and hex order ids carry their 0x.
 */
export function exportRow(t: Transfer, labels?: ExportLabels): Record<ExportColumn, string | number | null> {
  const duration = transferDeliveryMs(t)
  return {
    timestamp: timeText(t.times.sent),
    hash: t.hash,
    fromChainId: t.legs.source.chainId,
    fromChain: t.legs.source.chainName,
    toChainId: t.legs.destination.chainId,
    toChain: t.legs.destination.chainName,
    token: t.sent.token?.symbol ?? null,
    tokenAddress: t.sent.token?.address ?? null,
    amountWire: t.sent.wire,
    amount: human(t.sent),
    amountDecimals: t.sent.token?.decimals ?? null,
    receivedWire: t.received.wire,
    received: human(t.received),
    receivedToken: t.received.token?.symbol ?? null,
    receivedTokenAddress: t.received.token?.address ?? null,
    receivedDecimals: t.received.token?.decimals ?? null,
    stableSymbol: t.stable?.symbol ?? null,
    stableValue: t.stable ? stableValueText(t.stable.value, { grouping: false }) : null,
    state: transferStateText(t, labels?.state),
    outcome: t.outcome,
    type: t.type === null ? null : typeText(t.type, labels?.type),
    from: t.sender,
    to: t.receiver,
    relayerHash: t.legs.relay?.hash ?? null,
    transferinHash: t.legs.destination.hash,
    orderId: t.orderId,
    durationSeconds: duration === null ? null : duration / 1000,
    service: t.dialect
  }
}

/** The exported row of a loaded record: the record read into our model first, as every reader does. */
export function exportRecord(r: TransferRecord, labels?: ExportLabels): Record<ExportColumn, string | number | null> {
  return exportRow(transferOfRecord(r), labels)
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
