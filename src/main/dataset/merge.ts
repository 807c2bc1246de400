// Merging what the service says now into a loaded history, without loading it again: transfers that are new
// go on top (the service lists newest first, and new transfers arrive at its head), transfers whose state or
// legs changed are replaced where they are (by record id), and every other row stays exactly as it was.
import { isDeepStrictEqual } from 'node:util'
import { COMPLETE_STATE, notDelivered } from '@shared/states'
import type { TransferRecord } from '@shared/schemas/wire'
import type { TransferTable } from './table'

/**
 * Where each record id is in a table. Rows only ever arrive at the top, so a row's place counted from the
 * bottom never changes: arrivals add their own ids and nothing already known has to be moved.
 */
export class RowIds {
  private readonly fromBottom = new Map<number, number>()
  private rows: number

  constructor(table: TransferTable) {
    this.rows = table.length
    // bottom to top, so that an id listed twice (the loader keeps one of each) answers its topmost row
    for (let i = table.length - 1; i >= 0; i--) this.fromBottom.set(table.value(i, 'id'), table.length - 1 - i)
  }

  /** The row of `id`, or -1 when the table has no such record. */
  row(id: number): number {
    const b = this.fromBottom.get(id)
    return b === undefined ? -1 : this.rows - 1 - b
  }

  has(id: number): boolean {
    return this.fromBottom.has(id)
  }

  /** `head` (newest first) went on top of the table. */
  prepend(head: readonly TransferRecord[]): void {
    this.rows += head.length
    head.forEach((r, k) => this.fromBottom.set(r.id, this.rows - 1 - k))
  }
}

export interface MergePlan {
  /** records to put on top, newest first, each once */
  head: TransferRecord[]
  /** row → the record that replaces it (its state or legs changed) */
  replaced: Map<number, TransferRecord>
}

/**
 * What merging the service's answers changes: `headPages` are the head of the list as it is now (page 1 and
 * the pages after it, in order), `others` any other records asked again (pending ones). Of the head, records
 * the table does not hold go on top; a record found anywhere that the table holds with other content replaces
 * its row. A record the table does not hold that is not on the head (a page further down) is left out: it
 * cannot be placed without the pages between.
 */
export function planMerge(table: TransferTable, ids: RowIds, headPages: readonly TransferRecord[], others: readonly TransferRecord[] = []): MergePlan {
  const head: TransferRecord[] = []
  const seen = new Set<number>()
  const replaced = new Map<number, TransferRecord>()
  const consider = (r: TransferRecord, onHead: boolean): void => {
    if (seen.has(r.id)) return
    seen.add(r.id)
    const row = ids.row(r.id)
    if (row < 0) {
      if (onHead) head.push(r)
      return
    }
    if (!isDeepStrictEqual(table.get(row), r)) replaced.set(row, r)
  }
  for (const r of headPages) consider(r, true)
  for (const r of others) consider(r, false)
  return { head, replaced }
}

/** The rows of the `limit` newest transfers not yet delivered, top first: the ones worth asking about again. */
export function pendingRows(table: TransferTable, limit: number): number[] {
  const out: number[] = []
  const state = table.ints.state
  for (let i = 0; i < table.length && out.length < limit; i++) {
    const s = state.get(i)
    // the rest is read only for rows whose state is not Complete (a few in a long history)
    if (typeof s === 'number' && s !== COMPLETE_STATE && notDelivered({ state: s, outcome: table.value(i, 'outcome') }, table.value(i, 'transferinHash'))) out.push(i)
  }
  return out
}
