// What a transfer's `state` number is called, and whether the transfer is still on its way. Each dialect's
// numbers are read into our own outcome by its state table (src/main/client/<dialect>/states.ts); the word
// shown beside the number is the user's label (Settings → Labels), else the service's own word, else what the
// outcome says. MAP's own bridge front-end (butter-swap-ui) shows 0 as "Pending", 1 as "Complete" and other
// numbers as "Processing": those are the default labels, and "Processing" stays the word of a transfer in
// flight whose service has no word for its state. A number no source names reads "Unknown (n)".

import { OUTCOME_WORDS, canBeStuck, type Outcome } from './outcome'
import { STATE_NOT_PROVIDED } from './schemas/origin'

export const COMPLETE_STATE = 1
export const DEFAULT_STATE_LABELS: Readonly<Record<string, string>> = { '0': 'Pending', '1': 'Complete' }
/** MAP's front-end's word for a transfer in flight in a state it does not name */
export const OTHER_STATE_LABEL = 'Processing'
export const STATE_LABELS_SOURCE =
  "Default labels are the ones MAP's own bridge front-end uses: Pending (0), Complete (1); a state the service names is shown with its own word, one nobody names as Unknown."

/** What a record says of its state: its number, its outcome and the service's own word, where it has one. */
export interface StateOf {
  state: number
  outcome?: Outcome | undefined
  origin?: { stateMeaning: string | null } | undefined
}

/**
 * The record's outcome. Every record main hands out carries one; a record made by hand without it (an export
 * of an older version, a test) reads as MAP's front-end read states: 1 delivered, anything else on its way.
 */
export function outcomeOf(r: Pick<StateOf, 'state' | 'outcome'>): Outcome {
  return r.outcome ?? (r.state === COMPLETE_STATE ? 'delivered' : 'in-flight')
}

/** A service's word as a label starts: "crossing" → "Crossing". */
export const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1)

/** The word for a record's state: the user's label, else the service's word, else its outcome's; null when none. */
export function stateLabel(r: StateOf, labels: Readonly<Record<string, string>> | undefined): string | null {
  // a service that sends no state (MAP's Bridge Scan history) gets no word for one: it reads "not provided"
  if (r.state === STATE_NOT_PROVIDED) return null
  const own = labels?.[String(r.state)]
  if (own) return own
  if (r.origin?.stateMeaning) return capitalised(r.origin.stateMeaning)
  // a default label the user removed: the number alone
  if (String(r.state) in DEFAULT_STATE_LABELS) return null
  const outcome = outcomeOf(r)
  return outcome === 'in-flight' ? OTHER_STATE_LABEL : OUTCOME_WORDS[outcome]
}

/**
 * Still on its way: in flight AND no receive transaction known. Both, because a record can carry a receive
 * hash a moment before its state turns final. A refund, a failure or an unknown state is never "on its way".
 */
export function notDelivered(r: Pick<StateOf, 'state' | 'outcome'>, receiveHash: string | null | undefined): boolean {
  return canBeStuck(outcomeOf(r)) && !receiveHash
}
