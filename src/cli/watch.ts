// `bridgescope watch vault [--interval S] [--json]` and `bridgescope watch transfer <hash> [--interval S] [--json]`:
// the app's watcher in a terminal, state in memory, one line per event on stdout (JSON with --json) until the
// signal aborts (SIGINT), then exit 0. Usage errors exit 2.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { redactUrl, webhookUrlHint } from '@shared/redact'
import { defaultSettings, watchlistsSchema, webhookUrlSchema } from '@shared/schemas/settings'
import { txHashSchema } from '@shared/schemas/settings'
import type { WatchEvent } from '@shared/watch'
import { userDataDir, WATCHLISTS_FILE } from '../main/paths'
import { ActivityLog } from '../main/watch/activity-log'
import { parseListen, serveMetrics, WatchMetrics } from '../main/watch/metrics'
import { WebhookSink, type WebhookFormat } from '../main/watch/webhooks'
import { WatchState } from '../main/watch/state'
import type { WatchClient, WatchSettings, WatchTargets } from '../main/watch/types'
import { Watcher } from '../main/watch/watcher'
import type { Fetch } from '../main/net/fetch'
import { vaultWatchTss } from './watch-tss'

export interface WatchWriter {
  write(text: string): unknown
}
export interface WatchCliIo {
  stdout: WatchWriter
  stderr: WatchWriter
  env: Record<string, string | undefined>
}
export interface WatchCliDeps {
  client: WatchClient & { rpcUrls?: readonly string[]; queryChainList?: () => Promise<{ chainId: number; chainName: string }[]> }
  signal: AbortSignal
  /** the CLI's way to the network (the proxy variables), for webhooks as for the client's own requests */
  fetch?: Fetch
}

export const WATCH_USAGE = `usage: bridgescope watch vault [--rpc-url URL]... [--interval S] [--json] [--metrics HOST:PORT]
                         [--webhook URL]... [--webhook-format slack|discord|json] [--tss-url URL]
       bridgescope watch transfer <txHash> [--interval S] [--json] [--metrics HOST:PORT]
Prints one line per change until stopped (Ctrl-C, SIGTERM). Several --rpc-url are polled side by side and
compared. --metrics serves Prometheus metrics at /metrics and liveness at /healthz (a bare PORT is 127.0.0.1).
What was announced is kept in <data folder>/watch-cli (BRIDGESCOPE_DATA_DIR), so a restart repeats nothing.
`

interface Parsed {
  what: 'vault' | 'transfer'
  txHash?: string
  intervalSec?: number
  json: boolean
  metrics?: { host: string; port: number }
  webhooks: string[]
  format: WebhookFormat
  /** `watch vault --tss-url`: MAP's TSS cross-chain API watched beside the vault */
  tssUrl?: string
}

function parse(args: string[]): Parsed | string {
  const [what, ...rest] = args
  if (what !== 'vault' && what !== 'transfer') return `unknown watch target: ${what ?? '(none)'}`
  const out: Parsed = { what, json: false, webhooks: [], format: 'json' }
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string
    if (a === '--json') out.json = true
    else if (a === '--metrics' || a.startsWith('--metrics=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i]
      const listen = parseListen(v ?? '')
      if (typeof listen === 'string') return listen
      out.metrics = listen
    } else if (a === '--webhook' || a.startsWith('--webhook=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i]
      // the app's rule for webhook URLs: http(s), path and query welcome (the token), no user:password@
      const url = webhookUrlSchema.safeParse(v ?? '')
      if (!v || !url.success) return `--webhook takes an http(s) URL (${url.error?.issues[0]?.message ?? 'none given'}), got ${v ? webhookUrlHint(v) : 'nothing'}`
      out.webhooks.push(url.data)
    } else if (a === '--webhook-format' || a.startsWith('--webhook-format=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i]
      if (v !== 'json' && v !== 'slack' && v !== 'discord') return `--webhook-format takes slack, discord or json, got ${v ?? 'nothing'}`
      out.format = v
    }    else if (a === '--interval' || a.startsWith('--interval=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i]
      const n = Number(v)
      if (!Number.isFinite(n) || n < 1 || n > 86_400) return `--interval takes seconds from 1 to 86400, got ${v ?? 'nothing'}`
      out.intervalSec = n
    } else if (what === 'vault' && (a === '--tss-url' || a.startsWith('--tss-url='))) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i]
      const url = webhookUrlSchema.safeParse(v ?? '')
      if (!v || !url.success) return `--tss-url takes an http(s) URL, got ${v ? redactUrl(v) : 'nothing'}`
      out.tssUrl = url.data
    } else if (what === 'transfer' && out.txHash === undefined && !a.startsWith('-')) {
      const h = txHashSchema.safeParse(a)
      if (!h.success) return `txHash: ${h.error.issues[0]?.message ?? 'invalid'}`
      out.txHash = h.data.toLowerCase()
    } else return `unexpected argument: ${a}`
  }
  if (what === 'transfer' && !out.txHash) return 'watch transfer needs a transaction hash'
  return out
}

/** The app's watch lists (transfers and addresses), read once at start; a missing or bad file watches none. */
function savedTargets(dataDir: string, warn: (line: string) => void): WatchTargets {
  const file = join(dataDir, WATCHLISTS_FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return { addresses: [], transfers: [] }
  }
  try {
    const lists = watchlistsSchema.parse(JSON.parse(text))
    return { addresses: lists.addresses, transfers: lists.transfers }
  } catch {
    warn(`warning: ignoring ${file}: not a valid watch list`)
    return { addresses: [], transfers: [] }
  }
}

function line(e: WatchEvent, json: boolean): string {
  if (json) return JSON.stringify(e) + '\n'
  return `${new Date(e.at).toISOString()}  ${e.kind}  ${e.title}: ${e.body}\n`
}

export async function runWatchCommand(args: string[], io: WatchCliIo, deps: WatchCliDeps): Promise<number> {
  const parsed = parse(args)
  if (typeof parsed === 'string') {
    io.stderr.write(`${parsed}\n${WATCH_USAGE}`)
    return 2
  }
  const defaults = defaultSettings()
  const seconds = parsed.intervalSec ?? (parsed.what === 'vault' ? defaults.pollIntervals.vaultSec : defaults.pollIntervals.transfersSec)
  const settings: WatchSettings = { ...defaults, pollIntervals: { ...defaults.pollIntervals, vaultSec: seconds, transfersSec: seconds } }
  const rpcUrls = deps.client.rpcUrls ?? []
  if (parsed.what === 'vault' && rpcUrls.length === 0) {
    io.stderr.write('no JSON-RPC URL is configured: pass --rpc or set one in the profile\n')
    return 2
  }
  const startedAt = Date.now()
  // Its own folder beside the app's watch/: the CLI watches under profile "cli" and must not mark the
  // app's events announced (nor the app the CLI's).
  const dataDir = userDataDir(process.platform, io.env as NodeJS.ProcessEnv)
  const dir = join(dataDir, 'watch-cli')
  // `watch vault` also watches what the app's watch lists name, as the app's watcher does.
  const saved = parsed.what === 'vault' ? savedTargets(dataDir, (l) => void io.stderr.write(`${l}\n`)) : { addresses: [], transfers: [] }
  const targets: WatchTargets = parsed.txHash ? { addresses: [], transfers: [{ txHash: parsed.txHash, label: '', addedAt: startedAt }] } : saved
  let metrics: WatchMetrics | null = null
  const hooks =
    parsed.webhooks.length === 0
      ? null
      : new WebhookSink({
          urls: parsed.webhooks,
          format: parsed.format,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          onFailure: (url, reason) => {
            metrics?.webhookFailed()
            io.stderr.write(`webhook ${webhookUrlHint(url)} failed: ${reason}\n`)
          }
        })
  const tss = parsed.tssUrl
    ? await vaultWatchTss(parsed.tssUrl, () => (deps.client.queryChainList ? deps.client.queryChainList() : Promise.resolve([])), dir, io.env, (l) => void io.stderr.write(`${l}\n`))
    : null
  const watcher = new Watcher({
    ...(tss ? { tss: tss.deps } : {}),
    profileId: 'cli',
    client: deps.client,
    rpcUrls,
    settings: () => settings,
    targets: () => targets,
    state: await WatchState.open(dir),
    log: await ActivityLog.open(dir),
    vault: parsed.what === 'vault',
    transfers: parsed.what === 'transfer' || saved.transfers.length + saved.addresses.length > 0,
    emit: (e) => {
      metrics?.event(e)
      hooks?.send(e)
      io.stdout.write(line(e, parsed.json))
    },
    onPolled: () => metrics?.polled()
  })
  if (deps.signal.aborted) return 0
  let server: Awaited<ReturnType<typeof serveMetrics>> | null = null
  if (parsed.metrics) {
    metrics = new WatchMetrics(watcher)
    tss?.register(metrics.registry)
    try {
      server = await serveMetrics(metrics, parsed.metrics)
    } catch (error) {
      io.stderr.write(`cannot serve metrics on ${parsed.metrics.host}:${parsed.metrics.port}: ${error instanceof Error ? error.message : String(error)}\n`)
      return 1
    }
    io.stderr.write(`metrics at ${server.url}/metrics\n`)
  }
  io.stderr.write(
    parsed.what === 'vault'
      ? `watching the vault on ${rpcUrls.map(redactUrl).join(', ')} every ${seconds} s (Ctrl-C to stop)\n`
      : `watching transfer ${parsed.txHash ?? ''} every ${seconds} s (Ctrl-C to stop)\n`
  )
  watcher.start()
  await new Promise<void>((resolve) => deps.signal.addEventListener('abort', () => resolve(), { once: true }))
  await watcher.stop()
  await server?.close()
  await hooks?.close()
  return 0
}
