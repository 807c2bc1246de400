// The filter bar's inputs as typed (strings, '' = any), and the filter main applies. Kept apart from the
// component so the Transfers view can keep the inputs per profile and tests can hold the mapping.
import type { HistoryFilter } from '@shared/contract'
import { outcomeSchema } from '@shared/outcome'

export interface FilterFields {
  text: string
  token: string
  fromChain: string
  toChain: string
  state: string
  /** an outcome of src/shared/outcome.ts, or 'stuck'; '' = any */
  outcome: string
  from: string
  to: string
}

export function emptyFilterFields(): FilterFields {
  return { text: '', token: '', fromChain: '', toChain: '', state: '', outcome: '', from: '', to: '' }
}

/** What "stuck" means now: the clock and the user's thresholds (Settings → Stuck transfers). */
export type StuckAt = NonNullable<HistoryFilter['stuck']>

/** The word that, typed alone in the text filter, asks for the stuck transfers (as the Outcome list's Stuck does). */
export const STUCK_WORD = 'stuck'

export function filterOf(f: FilterFields, stuckAt: StuckAt): HistoryFilter {
  const out: HistoryFilter = {}
  const text = f.text.trim()
  if (text.toLowerCase() === STUCK_WORD) out.stuck = stuckAt
  else if (text) out.text = text
  if (f.token) out.token = f.token
  if (f.fromChain) out.fromChainId = Number(f.fromChain)
  if (f.toChain) out.toChainId = Number(f.toChain)
  if (f.state !== '') out.state = Number(f.state)
  if (f.outcome === STUCK_WORD) out.stuck = stuckAt
  const outcome = outcomeSchema.safeParse(f.outcome)
  if (outcome.success) out.outcome = outcome.data
  if (f.from) out.from = f.from
  if (f.to) out.to = f.to
  return out
}

/** How many of the filters folded into the Filters panel are set (the text filter is always in view). */
export function foldedActive(f: FilterFields): number {
  return [f.token, f.fromChain, f.toChain, f.state, f.outcome, f.from, f.to].filter((v) => v !== '').length
}
