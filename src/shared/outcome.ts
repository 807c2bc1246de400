// How a transfer ended, in our own closed set: every dialect's state number is read through its own state
// table (src/main/client/<dialect>/states.ts, each written with its sources) into one of these, and every
// view, filter, export, alert and metric reads the outcome — never a dialect's number. The service's own
// number and word stay beside it, so a user can still see exactly what the service said.
import { z } from 'zod'

export const OUTCOMES = ['in-flight', 'delivered', 'refunded', 'failed', 'unknown'] as const
export const outcomeSchema = z.enum(OUTCOMES)
export type Outcome = z.infer<typeof outcomeSchema>

export const OUTCOME_WORDS: Readonly<Record<Outcome, string>> = {
  'in-flight': 'In flight',
  delivered: 'Delivered',
  refunded: 'Refunded',
  failed: 'Failed',
  unknown: 'Unknown'
}

/** One state number as a dialect's sources name it. */
export interface StateEntry {
  /** the service's own word, as its docs or clients write it */
  word: string
  outcome: Outcome
}
export type StateTable = Readonly<Record<number, StateEntry>>

/**
 * Only a transfer still on its way can be stuck: a refund or a failure is an end of its own, and a state no
 * source names is unknown — shown with its number, never silently taken for "in progress".
 */
export function canBeStuck(outcome: Outcome | undefined): boolean {
  return outcome === 'in-flight'
}

/** An outcome that ends the transfer: nothing more will happen to it. */
export function isFinal(outcome: Outcome | undefined): boolean {
  return outcome === 'delivered' || outcome === 'refunded' || outcome === 'failed'
}
