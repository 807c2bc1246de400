// What our original query service's `state` numbers mean, and how each ends a transfer.
//
// The interface publishes no meanings. MAP's own bridge front-end (butternetwork/butter-swap-ui, src/views/Home.vue)
// shows 0 as "Pending", 1 as "Complete" and any other number as "Processing"; MAP's Bridge Scan API, the same
// bridge's successor index, names 2 "relayering" and 3 "relayer completed" (its docs, see ../mapscan/states.ts).
// So 2 and 3 are transfers still on their way. Any other number is named by no source — the front-end's
// "Processing" is only its fallback — and reads as unknown with its number, never as in progress.
import type { StateTable } from '@shared/outcome'

export const MCS_STATES: StateTable = {
  0: { word: 'Pending', outcome: 'in-flight' },
  1: { word: 'Complete', outcome: 'delivered' },
  2: { word: 'Processing', outcome: 'in-flight' },
  3: { word: 'Processing', outcome: 'in-flight' }
}
