// What a TSS watch follows and how, read from the app's settings the same way by every shell: the app's watcher
// and Cross-chain view (app-context.ts), `watch tss` and `watch vault --tss-url` (src/cli).
import type { Settings } from '@shared/schemas/settings'
import type { TssFollowed, TssWatchSettings } from './tss-poll'

/** What a shell may set for its own run instead of the settings (the CLI's flags). */
export interface TssWatchOverrides {
  intervalSec?: number
  stallMinutes?: number
  /** one threshold for every route, instead of the settings' per-route ones */
  stuckMinutes?: number
}

/** The TSS watch's settings: the app's, where the overrides do not say otherwise. */
export function tssWatchSettings(s: Settings, over: TssWatchOverrides = {}): TssWatchSettings {
  return {
    intervalSec: over.intervalSec ?? s.tss.intervalSec,
    stallMinutes: over.stallMinutes ?? s.tss.stallMinutes,
    stuckThresholds: over.stuckMinutes === undefined ? s.stuckThresholds : { defaultMinutes: over.stuckMinutes, routes: {} },
    unreachableAfterFailures: s.unreachableAfterFailures
  }
}

/** The followed chains: the query service's chain list, then the chains added by id that it does not list. */
export function followedTssChains(list: readonly { chainId: number; chainName: string }[], added: readonly string[]): TssFollowed[] {
  const out: TssFollowed[] = list.map((c) => ({ chainId: String(c.chainId), name: c.chainName, added: false }))
  for (const id of added) if (!out.some((c) => c.chainId === id)) out.push({ chainId: id, name: '', added: true })
  return out
}
