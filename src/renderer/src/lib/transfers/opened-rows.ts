// The rows the user opened from a Transfers table, by profile and hash, for the session. The Transfer view's
// detail (queryBridgeInfo) carries no times, and the sender's latest page no longer holds an older transfer;
// the table showed its sent time and its stuck mark one click earlier, so the view starts from that row.
import type { TableRow } from '@shared/table-row'

/** a few dozen rows: the ones opened lately, the way back through history goes */
const KEEP = 50
const rows = new Map<string, TableRow>()

const keyOf = (profileId: string, hash: string): string => `${profileId}|${hash.toLowerCase()}`

export function rememberOpened(profileId: string, row: TableRow): void {
  const key = keyOf(profileId, row.hash)
  rows.delete(key)
  rows.set(key, row)
  for (const old of rows.keys()) {
    if (rows.size <= KEEP) break
    rows.delete(old)
  }
}

export function openedRow(profileId: string, hash: string): TableRow | null {
  return rows.get(keyOf(profileId, hash)) ?? null
}
