// `bridgescope watch vault` and `bridgescope watch transfer <hash>`: the app's watcher in a terminal, one line
// per event on stdout (JSON with --json) until the signal aborts (SIGINT, SIGTERM), then exit 0. Usage errors
// exit 2. What was announced is kept in the data folder, so a restart repeats nothing.
import { join } from 'node:path'
import { redactUrl } from '@shared/redact'
import { defaultSettings, txHashSchema, webhookUrlSchema } from '@shared/schemas/settings'
import { ActivityLog, offersVault, profilePollers, Watcher, WatchState, type ProfilePollers, type WatchClient, type WatchSettings, type WatchTargets } from '../main/watch'
import type { AddressPolicy, Fetch } from '../main/net'
import { ENDPOINT_OPTIONS, withClient } from './bridge-client'
import { command, UsageError, type Command, type CommandLine, type OptionSpecs } from './command-line'
import type { CliContext } from './io'
import type { MetricsSource } from './metrics'
import type { TssMetricsSource } from './tss-metrics'
import { webhooksFromEnv } from './webhook-sources'
import { runWatchLine, SINK_OPTIONS, untilAborted, WATCH, WATCH_USAGE, WatchSinks, type WatchCliIo } from './watch-sinks'
import { vaultWatchTss } from './watch-tss'
import { watchKeepers, WATCH_KEEPERS_OPTIONS } from './watch-keepers'
import type { KeepersMetricsSource } from './keepers-metrics'
import { demoChainRpc } from '@shared/demo-network'
import { chainRpcFlags, commandChecks } from './verify'
import type { ChainRecord, TokenList } from '@shared/schemas/wire'

export { WATCH_USAGE, type WatchCliIo }

export interface WatchCliDeps {
  client: WatchClient & {
    rpcUrls?: readonly string[]
    /** the chains the TSS watch follows, and the RPCs and bridge contracts a `--verify` check is anchored on */
    queryChainList?: () => Promise<ChainRecord[]>
    /** the destination tokens a `--verify` check reads */
    queryTokenList?: () => Promise<TokenList>
  }
  signal: AbortSignal
  /** the CLI's way to the network (the proxy variables), for webhooks as for the client's own requests */
  fetch?: Fetch
  /** where the service answers: the RPCs its records name may lead no more privately (--verify) */
  serviceUrls?: readonly string[]
  /** the address policy (a test's resolver); the system's DNS unless said */
  addressPolicy?: AddressPolicy
  /** the request timeout the endpoints resolved to */
  timeoutMs?: number
  /** chain RPCs that stand in for the keepers' solvency when nothing else names one (the demo network's) */
  chainRpc?: Readonly<Record<string, string>>
}

/**
 * An endpoint flag given no value: said as the CLI says it for every command (the endpoint flags are the
 * whole CLI's, not the watch's), with the pointer to --help.
 */
function endpointValue(name: string): (text: string | undefined) => string {
  return (text) => {
    if (text === undefined) throw new UsageError(`--${name} needs a value`, null)
    return text
  }
}

/** the endpoint flags as the watch commands take them: --rpc-url repeats, every node named is compared */
const WATCH_ENDPOINT_OPTIONS = {
  'base-url': { ...ENDPOINT_OPTIONS['base-url'], read: endpointValue('base-url') },
  'rpc-url': { ...ENDPOINT_OPTIONS['rpc-url'], multiple: true, read: endpointValue('rpc-url') },
  timeout: { ...ENDPOINT_OPTIONS.timeout, read: endpointValue('timeout') }
} as const

const VAULT_OPTIONS = {
  ...WATCH_ENDPOINT_OPTIONS,
  ...SINK_OPTIONS,
  // watched transfers checked on their chains too (tells each chain's RPC which transactions you watch)
  verify: { type: 'boolean' },
  'chain-rpc': { type: 'string', multiple: true },
  // the vault's keepers checked beside the vault, in the same core and sinks (--chain-rpc serves both)
  ...WATCH_KEEPERS_OPTIONS,
  // MAP's TSS cross-chain API watched beside the vault, in the same core and sinks
  'tss-url': {
    type: 'string',
    read: (v: string | undefined): string => {
      const url = webhookUrlSchema.safeParse(v ?? '')
      if (!v || !url.success) throw new UsageError(`--tss-url takes an http(s) URL, got ${v ? redactUrl(v) : 'nothing'}`)
      return url.data
    }
  }
} as const
type WatchLine = CommandLine<typeof VAULT_OPTIONS>

/** The transfer `watch transfer` names, checked before anything starts; none for `watch vault`. */
function watchedHash(what: 'vault' | 'transfer', args: readonly string[]): string | undefined {
  if (what === 'vault') return undefined
  const h = txHashSchema.safeParse(args[0])
  if (!h.success) throw new UsageError(`txHash: ${h.error.issues[0]?.message ?? 'invalid'}`, WATCH_USAGE)
  return h.data.toLowerCase()
}

/** `watch vault|transfer` given the client to watch through (the CLI's own, or a test's). */
async function watchWith(what: 'vault' | 'transfer', { values, args }: WatchLine, ctx: CliContext, deps: WatchCliDeps): Promise<number> {
  const { io, warn } = ctx
  const txHash = watchedHash(what, args)
  const defaults = defaultSettings()
  const seconds = values.interval ?? (what === 'vault' ? defaults.pollIntervals.vaultSec : defaults.pollIntervals.transfersSec)
  const settings: WatchSettings = { ...defaults, pollIntervals: { ...defaults.pollIntervals, vaultSec: seconds, transfersSec: seconds } }
  const rpcUrls = deps.client.rpcUrls ?? []
  if (what === 'vault' && rpcUrls.length === 0) {
    io.stderr.write('no JSON-RPC URL is configured: pass --rpc or set one in the profile\n')
    return 2
  }
  // the keepers' options are read before anything starts: a bad one sends nothing
  const keepers =
    what === 'vault'
      ? watchKeepers(
          ctx,
          values,
          { url: rpcUrls[0] ?? '', ...(deps.fetch ? { fetch: deps.fetch } : {}), ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}), ...(deps.chainRpc ? { chainRpc: deps.chainRpc } : {}) },
          { intervalSec: seconds, confirmRounds: settings.unreachableAfterFailures }
        )
      : null
  const startedAt = Date.now()
  // Its own folder beside the app's watch/: the CLI watches under profile "cli" and must not mark the
  // app's events announced (nor the app the CLI's).
  const dir = join(ctx.stored.dataDir, 'watch-cli')
  // `watch vault` also watches what the app's watch lists name, as the app's watcher does.
  const lists = what === 'vault' ? ctx.stored.watchlists() : null
  const saved: WatchTargets = { addresses: lists?.addresses ?? [], transfers: lists?.transfers ?? [] }
  const targets: WatchTargets = txHash ? { addresses: [], transfers: [{ txHash, label: '', addedAt: startedAt }] } : saved
  const sinks = new WatchSinks(values, io, deps.fetch, dir)
  const tssUrl = values['tss-url']
  const tss = tssUrl
    ? await vaultWatchTss(tssUrl, () => (deps.client.queryChainList ? deps.client.queryChainList() : Promise.resolve([])), dir, ctx.stored, deps.fetch)
    : null
  const state = await WatchState.open(dir)
  // the watcher is handed src/main/chain's own checks: a watched transfer's check never runs in a CLI closure
  const chainCheck = values.verify
    ? commandChecks(ctx, {
        chainRpc: chainRpcFlags(values['chain-rpc']),
        service: deps.client,
        serviceUrls: deps.serviceUrls ?? [],
        ...(deps.addressPolicy ? { addressPolicy: deps.addressPolicy } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {})
      })
    : undefined
  // a service without a vault (Butter's, Bridge Scan) is said so once; its watch lists are still watched
  if (what === 'vault' && !offersVault(deps.client)) ctx.warn('note: this service has no vault (tss_getVault is our original query service\'s): the vault is not watched, its watch lists are')
  const pollers = profilePollers({
    ...(chainCheck ? { chainCheck } : {}),
    ...(tss ? { tss: tss.deps } : {}),
    ...(keepers ? { keepers: keepers.deps } : {}),
    profileId: 'cli',
    client: deps.client,
    rpcUrls,
    settings: () => settings,
    targets: () => targets,
    state,
    vault: what === 'vault',
    transfers: what === 'transfer' || saved.transfers.length + saved.addresses.length > 0
  })
  const watcher = new Watcher({
    profileId: 'cli',
    pollers: pollers.all,
    state,
    log: await ActivityLog.open(dir),
    emit: (e) => sinks.emit(e),
    onPolled: (_poller, report) => sinks.polled(report)
  })
  if (deps.signal.aborted) return 0
  const keepersMetrics = keepers && pollers.keepers ? keepers.metrics(pollers.keepers) : undefined
  if (!(await sinks.serve(metricsSource(watcher, pollers, tss?.metrics, keepersMetrics)))) {
    await sinks.close()
    return 1
  }
  if (keepers) warn(keepers.summary)
  warn(what === 'vault' ? `watching the vault on ${rpcUrls.map(redactUrl).join(', ')} every ${seconds} s (Ctrl-C to stop)` : `watching transfer ${txHash ?? ''} every ${seconds} s (Ctrl-C to stop)`)
  watcher.start()
  await untilAborted(deps.signal)
  await watcher.stop()
  await sinks.close()
  return 0
}

/** What the metrics read, one part per poller that runs: the vault's nodes, the watch lists, MAP's TSS API. */
function metricsSource(watcher: Watcher, pollers: ProfilePollers, tss: TssMetricsSource | undefined, keepers: KeepersMetricsSource | undefined): MetricsSource {
  const { vault, transfers } = pollers
  return {
    ...(vault ? { vault: { status: () => watcher.status(), nodesAgree: () => vault.nodesAgree() } } : {}),
    ...(transfers ? { transfers: { stuckTransfers: () => transfers.stuckTransfers(), pendingTransfers: () => transfers.pendingTransfers(), chainContradictions: () => transfers.chainContradictions(), outcomes: () => transfers.outcomes() } } : {}),
    ...(tss ? { tss } : {}),
    ...(keepers ? { keepers } : {})
  }
}

/**
 * `watch vault` or `watch transfer` as the table holds it: run through the CLI's own client, its endpoints
 * from the flags, the variables or the profile.
 */
function watchCommand<const S extends OptionSpecs>(what: 'vault' | 'transfer', options: S, args: readonly [number, number], overview: { synopsis: string; summary: string }): Command {
  return command({
    grammar: WATCH,
    name: ['watch', what],
    options,
    arguments: args,
    overview,
    run: (ctx, line) => {
      // a bad hash or webhook must not even start the demo network
      watchedHash(what, line.args)
      webhooksFromEnv(ctx.io.env)
      const signal = ctx.io.signal ?? new AbortController().signal
      return withClient(
        ctx,
        line.values as WatchLine['values'],
        (client, ep, fetch) =>
          watchWith(what, line as WatchLine, ctx, {
            client,
            signal,
            fetch,
            serviceUrls: ep.tokensUrl ? [ep.baseUrl, ep.tokensUrl] : [ep.baseUrl],
            ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {}),
            // the demo network stands in: its chains answer for its vault's routers
            ...(ep.close === undefined ? {} : { chainRpc: demoChainRpc(ep.baseUrl) })
          }),
        'both'
      )
    }
  })
}

export const watchVault = watchCommand('vault', VAULT_OPTIONS, [0, 0], {
  synopsis: 'watch vault [--rpc-url URL]... [--interval S] [--json] [--metrics HOST:PORT]',
  summary: 'one line per vault or node change, until Ctrl-C'
})

const {
  'tss-url': _vaultOnly,
  'maintainers-check': _m,
  'solvency-check': _s,
  maintainers: _ma,
  'tss-manager': _t,
  'view-controller': _v,
  'health-port': _h,
  threshold: _th,
  'max-lag': _l,
  'heartbeat-stale': _hb,
  ...TRANSFER_OPTIONS
} = VAULT_OPTIONS

export const watchTransfer = watchCommand('transfer', TRANSFER_OPTIONS, [1, 1], {
  synopsis: 'watch transfer <txHash> [--interval S] [--json] [--verify [--chain-rpc ID=URL]]',
  summary: 'one line per change of that transfer, until Ctrl-C'
})

/** `watch vault …` / `watch transfer …` (the words after `watch`) through a client the caller made. */
export function runWatchCommand(args: string[], io: WatchCliIo, deps: WatchCliDeps): Promise<number> {
  return runWatchLine([watchVault, watchTransfer], ['watch', ...args], io, (ctx, cmd, line) => watchWith(cmd === watchVault ? 'vault' : 'transfer', line as WatchLine, ctx, deps))
}
