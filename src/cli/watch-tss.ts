// `bridgescope watch tss`: the watcher core's TSS loop in a terminal, for the vault's maintainers. One line per
// event on stdout (JSON with --json), Prometheus metrics with --metrics, webhooks with --webhook, until the
// signal aborts; the same sinks as `watch vault` (watch-sinks.ts). State lives in <data>/watch-cli
// (tss-state.json beside the vault watch's), so a restart knows since when a scanner has not moved and
// repeats no alert. Every request — the TSS API, the chain list, the webhooks — goes the CLI's way to the
// network (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), as the one-shot `tss` commands do.
import { join } from 'node:path'
import { redactUrl } from '@shared/redact'
import { tssChainIdSchema } from '@shared/schemas/tss'
import type { TssBoard } from '@shared/schemas/tss-board'
import { TssClient } from '../main/client'
import { tssEndpointOf, tssFollowed } from '../main/services'
import type { Fetch } from '../main/net'
import { ActivityLog, TssPoller, tssBoard, TssWatchState, tssWatchSettings, Watcher, WatchState, type TssFollowed, type TssWatchDeps, type TssWatchOverrides, type TssWatchSettings } from '../main/watch'
import type { TssMetricsSource } from './tss-metrics'
import { defaultSettings } from '@shared/schemas/settings'
import { command, UsageError, type CommandLine } from './command-line'
import type { CliContext } from './io'
import type { StoredSettings } from './stored-settings'
import { withTssClient } from './tss-endpoints'
import { webhooksFromEnv } from './webhook-sources'
import { needsValue, runWatchLine, SINK_OPTIONS, untilAborted, WATCH, WatchSinks, type WatchCliIo } from './watch-sinks'

export const WATCH_TSS_USAGE = `usage: bridgescope watch tss [--tss-url URL] [--chain-id N]... [--interval S] [--stall-after DURATION]
                         [--stuck-after DURATION] [--json] [--metrics HOST:PORT] [--webhook URL]...
                         [--webhook-file PATH] [--webhook-format slack|discord|json]
Watches MAP's TSS cross-chain API: per chain its pending orders (count, oldest age), its scan height and
whether it has stalled, and orders pending past their route's stuck threshold. Chains: the --chain-id values,
else the chain list (--base-url, BRIDGESCOPE_BASE_URL or the active profile) plus the chains added in the app.
DURATION is seconds, or a number with s, m or h (90s, 10m, 2h). Defaults: interval 60 s, stall after the
app's setting (10 min), stuck after the app's per-route thresholds (2 h).
`

/** "90", "90s", "10m", "2h" → minutes; null when it is not one. */
export function durationMinutes(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim())
  if (!m) return null
  const n = Number(m[1])
  const minutes = m[2] === 'h' ? n * 60 : m[2] === 'm' ? n : n / 60
  return minutes > 0 && minutes <= 7 * 24 * 60 ? minutes : null
}

function duration(name: string): (text: string | undefined) => number {
  return (text) => {
    const minutes = durationMinutes(text ?? '')
    if (minutes === null) throw new UsageError(`--${name} takes a duration (90s, 10m, 2h), got ${text || 'nothing'}`)
    return minutes
  }
}

const WATCH_TSS_OPTIONS = {
  'tss-url': { type: 'string', read: needsValue('tss-url', 'a URL') },
  'base-url': { type: 'string', read: needsValue('base-url', 'a URL') },
  timeout: {
    type: 'string',
    read: (v: string | undefined): number => {
      if (!v || !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 600_000) throw new UsageError(`--timeout takes milliseconds from 1 to 600000, got ${v || 'nothing'}`)
      return Number(v)
    }
  },
  'chain-id': {
    type: 'string',
    multiple: true,
    read: (v: string | undefined): string => {
      const r = tssChainIdSchema.safeParse(v ?? '')
      if (!r.success) throw new UsageError(`--chain-id: ${r.error.issues[0]?.message ?? 'invalid'}`)
      return r.data
    }
  },
  'stall-after': { type: 'string', read: duration('stall-after') },
  'stuck-after': { type: 'string', read: duration('stuck-after') },
  ...SINK_OPTIONS
} as const

/** The TSS watch's settings: the app's (the defaults when none are stored), where the command line does not say otherwise. */
function tssSettings(stored: StoredSettings, over: TssWatchOverrides = {}): TssWatchSettings {
  return tssWatchSettings(stored.found() ? stored.settings() : defaultSettings(), over)
}

/** A watcher of the TSS poller alone: nothing else is asked, so nothing else is needed. */
function tssOnlyWatcher(tss: TssWatchDeps, sinks: WatchSinks, state: { watch: WatchState; log: ActivityLog }): Watcher {
  return new Watcher({
    profileId: 'cli',
    pollers: [new TssPoller('cli', tss)],
    state: state.watch,
    log: state.log,
    emit: (e) => sinks.emit(e),
    onPolled: (_poller, report) => sinks.polled(report)
  })
}

async function watchTss(ctx: CliContext, { values }: CommandLine<typeof WATCH_TSS_OPTIONS>, signal: AbortSignal): Promise<number> {
  webhooksFromEnv(ctx.io.env) // a bad webhook stops it before anything is asked
  const settings = tssSettings(ctx.stored, {
    ...(values.interval === undefined ? {} : { intervalSec: values.interval }),
    ...(values['stall-after'] === undefined ? {} : { stallMinutes: values['stall-after'] }),
    ...(values['stuck-after'] === undefined ? {} : { stuckMinutes: values['stuck-after'] })
  })
  return withTssClient(ctx, { ...values, timeoutMs: values.timeout, chainIds: values['chain-id'] }, async (client, ep, fetch) => {
    // The chain list is read once: a maintainer's followed chains do not change while it runs.
    const chains: TssFollowed[] = await ep.chains(signal.aborted ? {} : { signal })
    const dir = join(ctx.stored.dataDir, 'watch-cli')
    const tssState = await TssWatchState.open(dir)
    const sinks = new WatchSinks(values, ctx.io, fetch, dir)
    const tss: TssWatchDeps = { client, chains: () => Promise.resolve(chains), state: tssState, settings: () => settings }
    const watcher = tssOnlyWatcher(tss, sinks, { watch: await WatchState.open(dir), log: await ActivityLog.open(dir) })
    if (signal.aborted) return 0
    const profile = tssState.profile('cli')
    // one board per scrape for the five gauges (each asks for it), not five
    let memo: { at: number; board: TssBoard } | null = null
    const board = (): TssBoard | null => {
      if (profile.lastPollAt === null) return null
      const now = Date.now()
      if (!memo || now - memo.at > 1000) memo = { at: now, board: tssBoard(profile, chains, settings, now) }
      return memo.board
    }
    const served = await sinks.serve({ tss: { board, apiUp: () => (profile.lastPollAt === null ? null : profile.failures === 0) } })
    if (!served) {
      await sinks.close()
      return 1
    }
    ctx.warn(`watching the TSS API at ${redactUrl(ep.tssUrl)}: ${chains.length} chains every ${settings.intervalSec} s, stalled after ${settings.stallMinutes} min (Ctrl-C to stop)`)
    watcher.start()
    await untilAborted(signal)
    await watcher.stop()
    await tssState.close(Date.now())
    await sinks.close()
    return 0
  })
}

export const watchTssCommand = command({
  grammar: WATCH,
  name: ['watch', 'tss'],
  options: WATCH_TSS_OPTIONS,
  arguments: [0, 0],
  overview: { synopsis: 'watch tss [--interval S] [--stall-after MIN] [--metrics HOST:PORT] [--webhook URL]...', summary: 'pending work, scanner heights and stalls, stuck orders' },
  help: WATCH_TSS_USAGE,
  run: (ctx, line) => watchTss(ctx, line, ctx.io.signal ?? new AbortController().signal)
})

/** `watch tss …` (the words after `tss`) stopped by `signal`: the same command table, usage errors with the usage (exit 2). */
export function runWatchTssCommand(args: string[], io: WatchCliIo, signal: AbortSignal): Promise<number> {
  return runWatchLine([watchTssCommand], ['watch', 'tss', ...args], io, (ctx, _cmd, line) => watchTss(ctx, line as CommandLine<typeof WATCH_TSS_OPTIONS>, signal))
}

/**
 * `watch vault --tss-url URL`: the vault watch with the TSS loop beside it, in the same core and sinks. The
 * chains are the query service's chain list plus the ones added in the app (settings.tss.chains).
 */
export async function vaultWatchTss(
  tssUrl: string,
  chainList: () => Promise<{ chainId: number; chainName: string }[]>,
  dir: string,
  stored: StoredSettings,
  fetch?: Fetch
): Promise<{ deps: TssWatchDeps; metrics: TssMetricsSource }> {
  const settings = tssSettings(stored)
  const profile = stored.found() ? stored.activeProfile() : null
  const ep = tssEndpointOf({ profile, addedChains: profile ? stored.settings().tss.chains : undefined, given: { tssUrl } })
  let chains: TssFollowed[] | null = null
  // read once it answers: the followed chains do not change while the watch runs
  const follow = async (): Promise<TssFollowed[]> => (chains ??= await tssFollowed(ep, chainList))
  const state = await TssWatchState.open(dir)
  const client = new TssClient({ url: tssUrl, ...(fetch ? { fetch } : {}) })
  const p = state.profile('cli')
  return {
    deps: { client, chains: follow, state, settings: () => settings },
    metrics: {
      board: () => (p.lastPollAt === null || chains === null ? null : tssBoard(p, chains, settings, Date.now())),
      apiUp: () => (p.lastPollAt === null ? null : p.failures === 0)
    }
  }
}
