// What Butter's swap-data API's `state` numbers mean, and how each ends a transfer.
//
// Sources, and where they disagree:
// - Butter's docs (butternetwork/docs@876963945cecb205325ac7aba2f9767d68ee0f56, butterswap/butter-api-for-swap-data/,
//   the source-hash page): "0: crossing, 1: completed", "6: Refund".
// - Butter's widget (butternetwork/butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c,
//   packages/butter-widget/src/components/history-main-card/history-item.tsx): 4 is "Incomplete" drawn with an
//   error icon, 1 "Complete", and every other number "Crossing". The widget's "crossing" for any number is a
//   fallback, not a meaning: a number neither source names (2, 3, 5, …) is unknown here, shown with its number.
//   We follow the widget for 4 (a failure the user must act on) and the docs for 6 (the money went back).
import type { StateTable } from '@shared/outcome'

export const BUTTER_STATES: StateTable = {
  0: { word: 'Crossing', outcome: 'in-flight' },
  1: { word: 'Completed', outcome: 'delivered' },
  4: { word: 'Incomplete', outcome: 'failed' },
  6: { word: 'Refund', outcome: 'refunded' }
}
