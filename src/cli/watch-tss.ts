// `bridgescope watch tss`: the watcher core's TSS loop in a terminal, for the vault's maintainers. One line per
// event on stdout (JSON with --json), Prometheus metrics with --metrics, webhooks with --webhook, until the
// signal aborts; the same sinks as `watch vault` (cli-watch.ts). State lives in <data>/watch-cli (tss-state.json
// beside the vault watch's), so a restart knows since when a scanner has not moved and repeats no alert.
import { join } from 'node:path'
import { redactUrl, webhookUrlHint } from '@shared/redact'
import { defaultSettings, webhookUrlSchema } from '@shared/schemas/settings'
import { tssChainIdSchema } from '@shared/schemas/tss'
import type { WatchEvent } from '@shared/watch'
import type { TssBoard } from '@shared/schemas/tss-board'
import { TssClient } from '../main/client/tss-api'
import { readSettings } from './endpoints'
import { resolveTss } from './tss-endpoints'
import { userDataDir } from '../main/paths'
import { ActivityLog } from '../main/watch/activity-log'
import { parseListen, serveMetrics, WatchMetrics } from '../main/watch/metrics'
import { WatchState } from '../main/watch/state'
import { registerTssMetrics } from '../main/watch/tss-metrics'
import { tssBoard, type TssFollowed, type TssWatchSettings } from '../main/watch/tss-poll'
import { TssWatchState } from '../main/watch/tss-state'
import type { WatchCliIo } from './watch'
import { Watcher, type TssWatchDeps } from '../main/watch/watcher'
import type { Registry } from 'prom-client'
import { WebhookSink, type WebhookFormat } from '../main/watch/webhooks'

export const WATCH_TSS_USAGE = `usage: bridgescope watch tss [--tss-url URL] [--chain-id N]... [--interval S] [--stall-after DURATION]
                         [--stuck-after DURATION] [--json] [--metrics HOST:PORT] [--webhook URL]...
                         [--webhook-format slack|discord|json]
Watches MAP's TSS cross-chain API: per chain its pending orders (count, oldest age), its scan height and
whether it has stalled, and orders pending past their route's stuck threshold. Chains: the --chain-id values,
else the chain list (--base-url, BRIDGESCOPE_BASE_URL or the active profile) plus the chains added in the app.
DURATION is seconds, or a number with s, m or h (90s, 10m, 2h). Defaults: interval 60 s, stall after the
app's setting (10 min), stuck after the app's per-route thresholds (2 h).
`

interface Parsed {
  tssUrl?: string
  baseUrl?: string
  timeoutMs?: number
  chainIds: string[]
  intervalSec?: number
  stallMinutes?: number
  stuckMinutes?: number
  json: boolean
  metrics?: { host: string; port: number }
  webhooks: string[]
  format: WebhookFormat
}

/** "90", "90s", "10m", "2h" → minutes; null when it is not one. */
export function durationMinutes(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim())
  if (!m) return null
  const n = Number(m[1])
  const minutes = m[2] === 'h' ? n * 60 : m[2] === 'm' ? n : n / 60
  return minutes > 0 && minutes <= 7 * 24 * 60 ? minutes : null
}

function parse(args: string[]): Parsed | string {
  const out: Parsed = { chainIds: [], json: false, webhooks: [], format: 'json' }
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string
    const eq = a.indexOf('=')
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a
    const value = (): string | undefined => (eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : args[++i])
    if (flag === '--json') out.json = true
    else if (flag === '--tss-url' || flag === '--base-url') {
      const v = value()
      if (!v) return `${flag} needs a URL`
      if (flag === '--tss-url') out.tssUrl = v
      else out.baseUrl = v
    } else if (flag === '--timeout') {
      const v = value() ?? ''
      if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 600_000) return `--timeout takes milliseconds from 1 to 600000, got ${v || 'nothing'}`
      out.timeoutMs = Number(v)
    } else if (flag === '--chain-id') {
      const r = tssChainIdSchema.safeParse(value() ?? '')
      if (!r.success) return `--chain-id: ${r.error.issues[0]?.message ?? 'invalid'}`
      out.chainIds.push(r.data)
    } else if (flag === '--interval') {
      const v = value()
      const n = Number(v)
      if (!Number.isFinite(n) || n < 1 || n > 86_400) return `--interval takes seconds from 1 to 86400, got ${v ?? 'nothing'}`
      out.intervalSec = n
    } else if (flag === '--stall-after' || flag === '--stuck-after') {
      const v = value() ?? ''
      const minutes = durationMinutes(v)
      if (minutes === null) return `${flag} takes a duration (90s, 10m, 2h), got ${v || 'nothing'}`
      if (flag === '--stall-after') out.stallMinutes = minutes
      else out.stuckMinutes = minutes
    } else if (flag === '--metrics') {
      const listen = parseListen(value() ?? '')
      if (typeof listen === 'string') return listen
      out.metrics = listen
    } else if (flag === '--webhook') {
      const v = value()
      const url = webhookUrlSchema.safeParse(v ?? '')
      if (!v || !url.success) return `--webhook takes an http(s) URL (${url.error?.issues[0]?.message ?? 'none given'}), got ${v ? webhookUrlHint(v) : 'nothing'}`
      out.webhooks.push(url.data)
    } else if (flag === '--webhook-format') {
      const v = value()
      if (v !== 'json' && v !== 'slack' && v !== 'discord') return `--webhook-format takes slack, discord or json, got ${v ?? 'nothing'}`
      out.format = v
    } else return `unexpected argument: ${a}`
  }
  return out
}

function line(e: WatchEvent, json: boolean): string {
  if (json) return JSON.stringify(e) + '\n'
  return `${new Date(e.at).toISOString()}  ${e.kind}  ${e.title}: ${e.body}\n`
}

export async function runWatchTssCommand(args: string[], io: WatchCliIo, signal: AbortSignal): Promise<number> {
  const parsed = parse(args)
  if (typeof parsed === 'string') {
    io.stderr.write(`${parsed}\n${WATCH_TSS_USAGE}`)
    return 2
  }
  const warn = (l: string): void => void io.stderr.write(`${l}\n`)
  const stored = readSettings(io.env, warn) ?? defaultSettings()
  const settings: TssWatchSettings = {
    intervalSec: parsed.intervalSec ?? stored.tss.intervalSec,
    stallMinutes: parsed.stallMinutes ?? stored.tss.stallMinutes,
    stuckThresholds: parsed.stuckMinutes === undefined ? stored.stuckThresholds : { defaultMinutes: parsed.stuckMinutes, routes: {} },
    unreachableAfterFailures: stored.unreachableAfterFailures
  }
  const ep = await resolveTss(
    { ...(parsed.tssUrl ? { tssUrl: parsed.tssUrl } : {}), ...(parsed.baseUrl ? { baseUrl: parsed.baseUrl } : {}), ...(parsed.timeoutMs ? { timeoutMs: parsed.timeoutMs } : {}) },
    io.env,
    warn
  )
  try {
    const client = new TssClient({ url: ep.tssUrl, ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {}) })
    // The chain list is read once: a maintainer's followed chains do not change while it runs.
    const chains: TssFollowed[] = parsed.chainIds.length
      ? parsed.chainIds.map((chainId) => ({ chainId, name: '', added: true }))
      : (await ep.chains(signal.aborted ? {} : { signal })).map((c) => ({ ...c, added: false }))
    const dir = join(userDataDir(process.platform, io.env as NodeJS.ProcessEnv), 'watch-cli')
    const tssState = await TssWatchState.open(dir)
    let metrics: WatchMetrics | null = null
    const hooks =
      parsed.webhooks.length === 0
        ? null
        : new WebhookSink({
            urls: parsed.webhooks,
            format: parsed.format,
            onFailure: (url, reason) => {
              metrics?.webhookFailed()
              io.stderr.write(`webhook ${webhookUrlHint(url)} failed: ${reason}\n`)
            }
          })
    const base = defaultSettings()
    const watcher = new Watcher({
      profileId: 'cli',
      client: {
        getVault: () => Promise.reject(new Error('no vault in watch tss')),
        queryBridgeInfo: () => Promise.reject(new Error('no transfers in watch tss')),
        queryHistory: () => Promise.reject(new Error('no history in watch tss'))
      },
      rpcUrls: [],
      settings: () => base,
      targets: () => ({ addresses: [], transfers: [] }),
      state: await WatchState.open(dir),
      log: await ActivityLog.open(dir),
      vault: false,
      transfers: false,
      tss: { client, chains: () => Promise.resolve(chains), state: tssState, settings: () => settings },
      emit: (e) => {
        metrics?.event(e)
        hooks?.send(e)
        io.stdout.write(line(e, parsed.json))
      },
      onPolled: () => metrics?.polled()
    })
    if (signal.aborted) return 0
    let server: Awaited<ReturnType<typeof serveMetrics>> | null = null
    if (parsed.metrics) {
      metrics = new WatchMetrics(watcher)
      const profile = tssState.profile('cli')
      // one board per scrape for the five gauges (each asks for it), not five
      let memo: { at: number; board: TssBoard } | null = null
      const board = (): TssBoard | null => {
        if (profile.lastPollAt === null) return null
        const now = Date.now()
        if (!memo || now - memo.at > 1000) memo = { at: now, board: tssBoard(profile, chains, settings, now) }
        return memo.board
      }
      registerTssMetrics(metrics.registry, {
        board,
        apiUp: () => (profile.lastPollAt === null ? null : profile.failures === 0)
      })
      try {
        server = await serveMetrics(metrics, parsed.metrics)
      } catch (error) {
        io.stderr.write(`cannot serve metrics on ${parsed.metrics.host}:${parsed.metrics.port}: ${error instanceof Error ? error.message : String(error)}\n`)
        await hooks?.close()
        return 1
      }
      io.stderr.write(`metrics at ${server.url}/metrics\n`)
    }
    io.stderr.write(`watching the TSS API at ${redactUrl(ep.tssUrl)}: ${chains.length} chains every ${settings.intervalSec} s, stalled after ${settings.stallMinutes} min (Ctrl-C to stop)\n`)
    watcher.start()
    await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
    await watcher.stop()
    await tssState.save(Date.now(), true)
    await server?.close()
    await hooks?.close()
    return 0
  } finally {
    await ep.close?.()
  }
}

/**
 * `watch vault --tss-url URL`: the vault watch with the TSS loop beside it, in the same core and sinks. The
 * chains are the query service's chain list plus the ones added in the app (settings.tss.chains).
 */
export async function vaultWatchTss(
  tssUrl: string,
  chainList: () => Promise<{ chainId: number; chainName: string }[]>,
  dir: string,
  env: Record<string, string | undefined>,
  warn: (line: string) => void
): Promise<{ deps: TssWatchDeps; register(registry: Registry): void }> {
  const stored = readSettings(env, warn) ?? defaultSettings()
  const settings: TssWatchSettings = {
    intervalSec: stored.tss.intervalSec,
    stallMinutes: stored.tss.stallMinutes,
    stuckThresholds: stored.stuckThresholds,
    unreachableAfterFailures: stored.unreachableAfterFailures
  }
  const profile = stored.profiles.find((p) => p.id === stored.activeProfileId)
  const added = profile ? (stored.tss.chains[profile.id] ?? []) : []
  let chains: TssFollowed[] | null = null
  const follow = async (): Promise<TssFollowed[]> => {
    // read once it answers: the followed chains do not change while the watch runs
    if (chains !== null) return chains
    const out: TssFollowed[] = (await chainList()).map((c) => ({ chainId: String(c.chainId), name: c.chainName, added: false }))
    for (const id of added) if (!out.some((c) => c.chainId === id)) out.push({ chainId: id, name: '', added: true })
    chains = out
    return out
  }
  const state = await TssWatchState.open(dir)
  const client = new TssClient({ url: tssUrl })
  const p = state.profile('cli')
  return {
    deps: { client, chains: follow, state, settings: () => settings },
    register: (registry) =>
      registerTssMetrics(registry, {
        board: () => (p.lastPollAt === null || chains === null ? null : tssBoard(p, chains, settings, Date.now())),
        apiUp: () => (p.lastPollAt === null ? null : p.failures === 0)
      })
  }
}
