// A watched transfer's legs checked against their chains after each poll of it: one event when the chains
// contradict the service (a leg that disagrees or reverted at once; a hash the chain does not know only past
// the route's stuck threshold, counted for the destination from when the service said it was delivered),
// announced once per change of what contradicts, and the contradiction kept in the watch state for the
// metric (`bridgescope_transfer_chain_disagreements`) and across restarts.
import { contradictsService, outcomeText, worstOutcome, type LegCheck, type TransferCheck } from '@shared/chain-check'
import type { TransferDetail } from '@shared/schemas/wire'
import type { ChainContradiction } from '@shared/watch'
import type { TransferWatchState } from './state'
import type { Announce } from './types'

/**
 * How the watcher checks a transfer on its chains: null when the profile has chain checks off. Met by src/main/chain
 * itself (the app's ChainCheckService, the CLI's CommandChecks), handed in as it is.
 */
export interface WatchChainCheck {
  checkDetail(detail: TransferDetail): Promise<TransferCheck | null>
}

function contradicts(leg: LegCheck, ts: TransferWatchState, since: number, now: number, thresholdMs: number): boolean {
  const k = leg.outcome.kind
  if (k !== 'not-found') return contradictsService(k)
  // A hash the chain does not know may be one its RPC has not seen yet: only past the route's threshold,
  // and a destination only once the service says the transfer was delivered.
  const from = leg.role === 'Destination' ? ts.deliveredAt : since
  return from !== null && now - from >= thresholdMs
}

function signatureOf(legs: readonly LegCheck[]): string {
  return legs
    .map((l) => `${l.role}:${l.outcome.kind}${l.outcome.kind === 'disagrees' ? `(${l.outcome.differences.map((d) => d.field).join(',')})` : ''}`)
    .join(' ')
}

export async function watchOnChain(
  chain: WatchChainCheck,
  x: { key: string; ts: TransferWatchState; detail: TransferDetail; since: number; now: number; thresholdMinutes: number; route: string; announce: Announce }
): Promise<void> {
  const { ts, key } = x
  const check = await chain.checkDetail(x.detail)
  if (!check) return
  const bad = check.legs.filter((l) => contradicts(l, ts, x.since, x.now, x.thresholdMinutes * 60_000))
  const signature = signatureOf(bad)
  ts.chainWorst = bad.length === 0 ? null : (worstOutcome(bad.map((l) => l.outcome.kind)) as ChainContradiction)
  if (signature === '') {
    // agreeing again: a later contradiction, even the same one, is news again
    ts.chainAnnounced = null
  } else if (signature !== ts.chainAnnounced) {
    ts.chainAnnounced = signature
    ts.chainEpisodes += 1
    x.announce({
      kind: 'chain-disagrees',
      id: `chain-disagrees:${key}:${ts.chainEpisodes}:${signature}`,
      txHash: key,
      route: x.route,
      legs: bad.map((l) => ({ role: l.role, outcome: l.outcome.kind as ChainContradiction, text: outcomeText(l) })),
      title: `Transfer ${key.slice(0, 10)}… disagrees with its chains`,
      body: bad.map((l) => `${l.role} on ${l.chainName}: ${outcomeText(l)}`).join('\n')
    })
  }
  // Delivered, and every leg confirmed deep enough that the checker no longer asks: nothing left to watch.
  ts.chainSettled = !ts.pending && check.legs.every((l) => l.outcome.kind === 'confirmed' && l.cached)
}
