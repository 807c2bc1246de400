// What a "load all" can vouch for, as main reports it and the renderer and the CLI word it. The list moves
// while it is paged (transfers arrive at its head), so a load says how many arrived meanwhile (they are in
// the result) and names anything a moving list does not explain rather than showing a shortfall as whole.
import { countText } from './format/counts'

/** What a load could not vouch for; none when the list is exactly the start list plus the arrivals. */
export type LoadDoubt =
  /** the total fell below the one the load began with: records were removed, or the service miscounted */
  | { kind: 'shrank'; from: number; to: number }
  /** pages told different records for the same place, or one record at two places */
  | { kind: 'contradiction'; places: number }
  /** places of the start list no page could be had for (the list grew faster than it could be paged) */
  | { kind: 'missing'; places: number }

export interface LoadCompleteness {
  /** the list's total when the load began */
  startTotal: number
  /** transfers that arrived at the head while loading; they are in the result */
  arrived: number
  doubts: LoadDoubt[]
}

const plural = countText

/** One sentence per doubt, in the words a person acts on. */
export function describeDoubt(d: LoadDoubt): string {
  switch (d.kind) {
    case 'shrank':
      return `the service's total fell from ${d.from.toLocaleString('en-US')} to ${d.to.toLocaleString('en-US')} while loading: transfers were removed or miscounted, so the list may be incomplete`
    case 'contradiction':
      return `pages disagreed about ${plural(d.places, 'place')} in the list: those rows could not be vouched for`
    case 'missing':
      return `${plural(d.places, 'transfer')} that existed when the load began could not be fetched (the list grew faster than it could be paged)`
  }
}

/** "3 transfers arrived while loading" or null when none did. */
export function describeArrivals(arrived: number): string | null {
  return arrived > 0 ? `${plural(arrived, 'transfer')} arrived while loading (included)` : null
}
