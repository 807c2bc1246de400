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
  /** an outcome of src/shared/outcome.ts, '' = any */
  outcome: string
  from: string
  to: string
}

export function emptyFilterFields(): FilterFields {
  return { text: '', token: '', fromChain: '', toChain: '', state: '', outcome: '', from: '', to: '' }
}

export function filterOf(f: FilterFields): HistoryFilter {
  const out: HistoryFilter = {}
  if (f.text.trim()) out.text = f.text.trim()
  if (f.token) out.token = f.token
  if (f.fromChain) out.fromChainId = Number(f.fromChain)
  if (f.toChain) out.toChainId = Number(f.toChain)
  if (f.state !== '') out.state = Number(f.state)
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
