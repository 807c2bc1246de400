// CSV and JSON exports of a loaded history. Amounts are written exactly: the wire text and the human value.
import { formatAmount } from '@shared/decimal'
import type { TransferRecord } from '@shared/schemas/wire'

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
  'inAmountWire',
  'inAmount',
  'stableSymbol',
  'stableValue',
  'state',
  'type',
  'from',
  'to',
  'relayerHash',
  'transferinHash',
  'orderId'
] as const

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

function human(text: string, decimals: number | undefined): string {
  if (decimals === undefined) return ''
  try {
    return formatAmount(text, decimals, { grouping: false })
  } catch {
    return ''
  }
}

export function toCsv(rows: Iterable<TransferRecord>): string {
  const lines: string[] = [COLUMNS.join(',')]
  for (const r of rows) {
    const decimals = r.tokenObject?.decimal
    lines.push(
      [
        r.timestamp,
        r.hash,
        r.fromChainid,
        r.fromChainObject?.chainName,
        r.toChainid,
        r.toChainObject?.chainName,
        r.tokenObject?.symbol,
        r.tokenAddress,
        r.amount,
        human(r.amount, decimals),
        r.inAmount,
        human(r.inAmount, decimals),
        r.stable?.symbol,
        r.stable?.value,
        r.state,
        r.type,
        r.from,
        r.to,
        r.relayerHash,
        r.transferinHash,
        r.orderId
      ]
        .map(cell)
        .join(',')
    )
  }
  return lines.join('\n') + '\n'
}

export function toJson(rows: Iterable<TransferRecord>): string {
  return JSON.stringify([...rows], null, 2)
}
