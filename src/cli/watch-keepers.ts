// `watch vault --maintainers-check / --solvency-check`: the keepers' checks of `vault maintainers` and
// `vault solvency` as a poller of the same watch, with their options (contracts, health port, chain RPCs,
// threshold, allowed scanner lag) read the way those commands read them, and the heartbeat's stale threshold.
// The relay chain is the watch's first --rpc-url, as for `vault maintainers`.
import { chainCheckSettings } from '@shared/chain-check'
import { DEFAULT_MAX_SCANNER_LAG } from '@shared/keepers'
import { thresholdPct } from '@shared/keepers-verdict'
import { KEEPERS_WATCH_DEFAULTS } from '@shared/schemas/settings'
import { readKeepersRound } from '../main/keepers'
import type { KeepersPoller, KeepersWatchDeps } from '../main/watch'
import type { Fetch } from '../main/net'
import { wholeNumber } from './bridge-client'
import { UsageError } from './command-line'
import type { CliContext } from './io'
import { keeperFlagSettings } from './keepers'
import type { KeepersMetricsSource } from './keepers-metrics'
import { chainRpcFlags } from './verify'
import { durationMinutes } from './watch-tss'

export const WATCH_KEEPERS_OPTIONS = {
  'maintainers-check': { type: 'boolean' },
  'solvency-check': { type: 'boolean' },
  maintainers: { type: 'string' },
  'tss-manager': { type: 'string' },
  'view-controller': { type: 'string' },
  'health-port': { type: 'string' },
  threshold: { type: 'string' },
  'max-lag': { type: 'string' },
  'heartbeat-stale': {
    type: 'string',
    read: (v: string | undefined): number => {
      const minutes = durationMinutes(v ?? '')
      if (minutes === null || minutes < 1) throw new UsageError(`--heartbeat-stale takes a duration of a minute or more (5m, 300s, 1h), got ${v || 'nothing'}`)
      return Math.round(minutes * 60)
    }
  }
} as const

export interface WatchKeepersValues {
  'maintainers-check'?: boolean
  'solvency-check'?: boolean
  maintainers?: string
  'tss-manager'?: string
  'view-controller'?: string
  'health-port'?: string
  threshold?: string
  'max-lag'?: string
  'heartbeat-stale'?: number
  'chain-rpc'?: string[]
}

/** How the watch reaches the relay chain and the routers' chains. */
export interface KeepersRelay {
  url: string
  fetch?: Fetch
  timeoutMs?: number
  /** chain RPCs that stand in when nothing else names one (the demo network's chains) */
  chainRpc?: Readonly<Record<string, string>>
}

export interface WatchKeepers {
  deps: KeepersWatchDeps
  metrics: (poller: KeepersPoller) => KeepersMetricsSource
  /** a line for stderr saying what is checked */
  summary: string
}

/**
 * The keepers' checks the flags ask for, or null when neither is. Every option is read here, before the watch
 * starts: a bad one is an input error (exit 2) that sends nothing.
 */
export function watchKeepers(ctx: CliContext, values: WatchKeepersValues, relay: KeepersRelay, interval: { intervalSec: number; confirmRounds: number }): WatchKeepers | null {
  const maintainers = values['maintainers-check'] === true
  const solvency = values['solvency-check'] === true
  if (!maintainers && !solvency) return null
  const s = keeperFlagSettings(ctx, values)
  const threshold = values.threshold === undefined ? s.thresholdPct : thresholdPct(values.threshold)
  const maxLag = wholeNumber(values['max-lag'], 'max-lag', 0) ?? DEFAULT_MAX_SCANNER_LAG
  const chainRpc = {
    ...relay.chainRpc,
    ...(s.profile && s.profile.kind !== 'demo' ? chainCheckSettings(s.profile).rpc : {}),
    ...chainRpcFlags(values['chain-rpc'])
  }
  const settings = {
    maintainers,
    solvency,
    intervalSec: interval.intervalSec,
    heartbeatStaleSec: values['heartbeat-stale'] ?? KEEPERS_WATCH_DEFAULTS.heartbeatStaleSec,
    maxScannerLag: maxLag,
    confirmRounds: interval.confirmRounds
  }
  const http = { ...(relay.fetch ? { fetch: relay.fetch } : {}), ...(relay.timeoutMs ? { timeoutMs: relay.timeoutMs } : {}) }
  return {
    deps: {
      settings: () => settings,
      read: (check, signal) =>
        readKeepersRound({
          relayRpc: relay.url,
          contracts: s.contracts,
          healthPort: s.healthPort,
          http: { ...http, signal },
          lean: true,
          ...(check.solvency ? { solvency: { chainRpc, thresholdPct: threshold, maxScannerLag: check.maxScannerLag } } : {})
        })
    },
    metrics: (poller) => ({ maintainers, solvency, last: () => poller.last(), up: () => poller.up() }),
    summary: `checking the keepers (${[maintainers ? 'maintainers' : '', solvency ? `solvency at ${threshold} %` : ''].filter(Boolean).join(', ')}) on the relay chain's contracts every ${interval.intervalSec} s`
  }
}
