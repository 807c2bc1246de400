// Every dialect's state table in one registry, and the outcome of a decoded transfer read through it. A record
// carries its outcome from the decoder on; records cached or saved offline before outcomes existed get theirs
// here when they are read back, from the same tables, so they keep their meaning.
import type { Outcome, StateEntry, StateTable } from '@shared/outcome'
import { STATE_NOT_PROVIDED, type TransferOrigin } from '@shared/schemas/origin'
import { DEFAULT_DIALECT, DIALECTS, descriptorOf, type Dialect } from '@shared/dialects'

export const STATE_TABLES = Object.fromEntries(DIALECTS.map((d) => [d, descriptorOf(d).states])) as Readonly<Record<Dialect, StateTable>>

/** The service's word for a state, from its dialect's table; null when no source names it. */
export function stateEntry(dialect: Dialect, state: number): StateEntry | null {
  return STATE_TABLES[dialect][state] ?? null
}

/**
 * A transfer's outcome from its dialect's state. A service that sends no state (Bridge Scan's history) is read
 * from what it does send: a destination transaction means delivered, else the outcome is unknown.
 */
export function outcomeOfState(dialect: Dialect, state: number, receiveHash: string | null | undefined): Outcome {
  if (state === STATE_NOT_PROVIDED) return receiveHash ? 'delivered' : 'unknown'
  return stateEntry(dialect, state)?.outcome ?? 'unknown'
}

type Outcomed = { state: number; origin?: TransferOrigin | undefined; outcome?: Outcome | undefined }

/** Sets the outcome of records read back from a cache or an offline copy written before outcomes existed. */
export function withOutcome<T extends Outcomed>(record: T, receiveHash: string | null | undefined): T {
  if (record.outcome === undefined) record.outcome = outcomeOfState(record.origin?.dialect ?? DEFAULT_DIALECT, record.state, receiveHash)
  return record
}
