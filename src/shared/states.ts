// What a transfer's `state` number means. The spec publishes no meaning; MAP's own bridge front-end
// (butter-swap-ui) shows state 0 as "Pending", 1 as "Complete" and any other value as "Processing". Those
// are the default labels (editable in Settings → Labels); the number is always shown beside the label
// (written by ./format: "Pending (0)").

import { STATE_NOT_PROVIDED } from './schemas/origin'

export const COMPLETE_STATE = 1
export const DEFAULT_STATE_LABELS: Readonly<Record<string, string>> = { '0': 'Pending', '1': 'Complete' }
/** MAP's front-end's word for every state it does not name */
export const OTHER_STATE_LABEL = 'Processing'
export const STATE_LABELS_SOURCE =
  "Default labels are the ones MAP's own bridge front-end uses: 0 Pending, 1 Complete, any other state Processing."

/** The user's label for a state, else MAP's word for a state it does not name; null when it has none. */
export function stateLabel(state: number, labels: Readonly<Record<string, string>> | undefined): string | null {
  // a service that sends no state (MAP's Bridge Scan history) gets no word for one: it reads "not provided"
  if (state === STATE_NOT_PROVIDED) return null
  return labels?.[String(state)] ?? (String(state) in DEFAULT_STATE_LABELS ? null : OTHER_STATE_LABEL)
}

/**
 * Not yet delivered: the state is not Complete AND no receive transaction is known. Both, because a record
 * can carry a receive hash a moment before its state turns 1, and a state can be 1 before a hash shows.
 */
export function notDelivered(state: number, receiveHash: string | null | undefined): boolean {
  return state !== COMPLETE_STATE && !receiveHash
}
