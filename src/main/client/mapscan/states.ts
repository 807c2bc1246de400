// What MAP's Bridge Scan API's `state` numbers mean, and how each ends a transfer.
//
// Source: Bridge Scan's docs (butternetwork/docs, the Bridge Scan API pages read for decode.ts here):
// "0: crossing 1 completed 2 relayering 3 relayer completed". Relaying and relayer-completed transfers have not
// reached the destination yet, so they are in flight. Bridge Scan's history sends no state at all: such a record
// is delivered when it names its destination transaction, else unknown (the service does not say).
import type { StateTable } from '@shared/outcome'

export const MAPSCAN_STATES: StateTable = {
  0: { word: 'Crossing', outcome: 'in-flight' },
  1: { word: 'Completed', outcome: 'delivered' },
  2: { word: 'Relaying', outcome: 'in-flight' },
  3: { word: 'Relayer completed', outcome: 'in-flight' }
}
