// The columns of the Transfers table, named once: the renderer draws and hides them by these ids, and an
// export of "visible columns" names them in history:export (main maps each to the export fields it holds).
export const transferColumnIds = ['time', 'route', 'token', 'amount', 'received', 'stable', 'state', 'type', 'duration', 'hashes', 'chain'] as const
export type TransferColumnId = (typeof transferColumnIds)[number]

/** Each column's header, as the table and its column menu show it. */
export const TRANSFER_COLUMN_LABELS: Readonly<Record<TransferColumnId, string>> = {
  time: 'Time (UTC)',
  route: 'Route',
  token: 'Token',
  amount: 'Amount',
  received: 'Received',
  stable: 'Stable value',
  state: 'State',
  type: 'Type',
  duration: 'Duration',
  hashes: 'Hashes (sent / received)',
  chain: 'On chain'
}
