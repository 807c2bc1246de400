// The Prometheus sink of the headless watcher: the CLI's alone (the app has no /metrics), so it lives with
// the CLI and prom-client stays out of the packaged app. Gauges are read from the watcher core and its
// pollers at scrape time (collect), never kept as a second copy; the node histogram and error counter take
// what each poll reports; counters of events follow what the core announced, each once (also across
// restarts), so nothing is counted twice. Each poller kind registers its own metrics, only when it runs (the
// vault's nodes, the watch lists, MAP's TSS API: tss-metrics.ts, the vault's keepers: keepers-metrics.ts). Served on loopback unless a host is named.
import { createServer, type Server } from 'node:http'
import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import { redactUrl } from '@shared/redact'
import type { ChainContradiction, WatchEvent, WatchStatus } from '@shared/watch'
import type { Outcome } from '@shared/outcome'
import type { PollReport } from '../main/watch'
import { registerTssMetrics, type TssMetricsSource } from './tss-metrics'
import { registerKeepersMetrics, type KeepersMetricsSource } from './keepers-metrics'
import { ExpositionCache } from './exposition-cache'

/** The vault poller's part: every node's own standing (the core's status) and whether the nodes agree. */
export interface VaultMetricsSource {
  status(): WatchStatus
  nodesAgree(): boolean | null
}

/** The watch lists' poller's part: the watched transfers stuck, pending, and contradicted by their chains. */
export interface TransferMetricsSource {
  stuckTransfers(): string[]
  pendingTransfers(): { txHash: string; since: number }[]
  /** watched transfers whose chains contradict the service now, by the worst way (absent: not checked on chain) */
  chainContradictions?(): Readonly<Record<ChainContradiction, number>>
  /** watched transfers by how they ended, as their dialect's state table reads them */
  outcomes?(): Readonly<Record<Outcome, number>>
}

/**
 * What the gauges read at scrape time, one part per poller kind that runs: a kind's metrics are registered only
 * when its poller is, so a watch of MAP's TSS API alone exports no vault or transfer series.
 */
export interface MetricsSource {
  vault?: VaultMetricsSource
  transfers?: TransferMetricsSource
  tss?: TssMetricsSource
  /** the vault's keepers (`watch vault --maintainers-check / --solvency-check`) */
  keepers?: KeepersMetricsSource
}

/** A URL as a label: no user, password, query or fragment. Unparseable text is dropped to a fixed word rather than leaked. */
export function labelUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`
  } catch {
    return redactUrl(url).split('?')[0] ?? 'invalid-url'
  }
}

/**
 * A gauge with one series per label value, drawn afresh from `rows` at every scrape: the series of a node or
 * transfer that is gone goes with it.
 */
function seriesGauge<L extends string>(
  config: { name: string; help: string; label: L; registers: Registry[] },
  rows: () => Iterable<[string, number]>
): Gauge<L> {
  const gauge: Gauge<L> = new Gauge({
    name: config.name,
    help: config.help,
    labelNames: [config.label],
    registers: config.registers,
    collect: (): void => {
      gauge.reset()
      for (const [value, n] of rows()) gauge.set({ [config.label]: value } as Partial<Record<L, string>>, n)
    }
  })
  return gauge
}

/**
 * `read` once per pass of collects: a scrape collects every gauge in one synchronous pass, and the node gauges
 * each want the same nodes, whose status() redacts them all again every time it is asked.
 */
function oncePerPass<T>(read: () => T): () => T {
  let held: { value: T } | null = null
  return () => {
    if (held === null) {
      held = { value: read() }
      queueMicrotask(() => (held = null))
    }
    return held.value
  }
}

/** The vault poller's gauges, histogram and counters; `polled` and `event` feed what is not read at scrape time. */
class VaultMetrics {
  private readonly duration: Histogram<'node'>
  private readonly changes: Counter
  private readonly lastSuccess: Gauge<'target'>
  private readonly pollErrors: Counter<'target'>

  constructor(source: VaultMetricsSource, registers: Registry[]) {
    const nodes = oncePerPass(() => source.status().nodes)
    seriesGauge(
      { name: 'bridgescope_vault_epoch', help: "Each node's own latest vault epoch (while a node is down: the last one it reported)", label: 'node', registers },
      // Each node its own truth: a node that lags a rotation reads its own older epoch here, so
      // max(bridgescope_vault_epoch) is the vault's and a node below it is behind (BridgescopeNodeBehind).
      () =>
        nodes()
          .map((n): [string, number] => [labelUrl(n.url), n.epoch === null || n.epoch === undefined ? NaN : Number(n.epoch)])
          .filter(([, epoch]) => Number.isFinite(epoch))
    )
    seriesGauge(
      { name: 'bridgescope_node_behind', help: '1 when the node has been announced behind: its epoch below the highest any node reported', label: 'node', registers },
      () => nodes().map((n) => [labelUrl(n.url), n.behind ? 1 : 0])
    )
    const up: Gauge<'node'> = new Gauge({
      name: 'bridgescope_node_up',
      help: '1 when the last poll of that node succeeded',
      labelNames: ['node'],
      registers,
      collect: () => {
        for (const n of nodes()) up.set({ node: labelUrl(n.url) }, n.ok ? 1 : 0)
      }
    })
    this.duration = new Histogram({
      name: 'bridgescope_node_request_duration_seconds',
      help: 'Time each node took to answer tss_getVault',
      labelNames: ['node'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers
    })
    const agree: Gauge = new Gauge({
      name: 'bridgescope_nodes_agree',
      help: '1 when all reachable nodes report the same vault, else 0',
      registers,
      collect: (): void => agree.set(source.nodesAgree() === false ? 0 : 1)
    })
    this.changes = new Counter({ name: 'bridgescope_vault_changes_total', help: 'Vault changes seen', registers })
    this.lastSuccess = new Gauge({
      name: 'bridgescope_last_success_timestamp_seconds',
      help: 'When the last successful poll of a target ended (unix seconds)',
      labelNames: ['target'],
      registers
    })
    this.pollErrors = new Counter({ name: 'bridgescope_poll_errors_total', help: 'Failed polls per target', labelNames: ['target'], registers })
  }

  /** After every poll: one duration sample per node that answered it, one error per node that failed it. */
  polled(report: PollReport): void {
    for (const n of report.nodes ?? []) {
      const label = labelUrl(n.url)
      if (n.ok && n.lastAnswerAt !== null) {
        if (n.latencyMs !== null) this.duration.observe({ node: label }, n.latencyMs / 1000)
        this.lastSuccess.set({ target: label }, n.lastAnswerAt / 1000)
      } else if (!n.ok) {
        this.pollErrors.inc({ target: label })
      }
    }
  }

  event(e: WatchEvent): void {
    if (e.kind === 'vault-change') this.changes.inc()
  }
}

/** The one series that moves with the clock between polls: how long each watched transfer has waited. */
const PENDING_SECONDS = 'bridgescope_watched_transfer_pending_seconds'

/** The watch lists' gauges, all read at scrape time; returns the names of those that read the clock. */
function registerTransferMetrics(source: TransferMetricsSource, registers: Registry[]): readonly string[] {
  const stuck: Gauge = new Gauge({
    name: 'bridgescope_stuck_transfers',
    help: 'Watched transfers announced as stuck and not yet delivered',
    registers,
    collect: (): void => stuck.set(source.stuckTransfers().length)
  })
  seriesGauge({ name: PENDING_SECONDS, help: 'How long each watched, undelivered transfer has been pending', label: 'tx', registers }, () => {
    const now = Date.now()
    return source.pendingTransfers().map((t) => [t.txHash, Math.max(0, (now - t.since) / 1000)])
  })
  // one series per outcome (three at most), never per transfer: the event names the transfers
  seriesGauge(
    { name: 'bridgescope_transfer_chain_disagreements', help: "Watched transfers whose legs' own chains contradict the bridge service now (disagrees: block, sender, contract, token or amount; reverted; not-found: past the route's threshold), by the worst way", label: 'outcome', registers },
    () => Object.entries(source.chainContradictions?.() ?? {})
  )
  // refunds and failures counted apart from deliveries: five series at most, never one per transfer
  seriesGauge(
    { name: 'bridgescope_watched_transfers', help: "Watched transfers by outcome (in-flight, delivered, refunded, failed, unknown), as the service's state reads through its dialect's state table", label: 'outcome', registers },
    () => Object.entries(source.outcomes?.() ?? {})
  )
  return [PENDING_SECONDS]
}

/** The headless watcher's registry: the metrics of each poller kind that runs, and the webhook sink's failures. */
export class WatchMetrics {
  readonly registry = new Registry()
  private readonly vault: VaultMetrics | null
  private readonly webhookFailures: Counter

  /**
   * Counts what may change a sample: every poll's end (each poller's state is written by then), every event,
   * every webhook given up. Between two changes a scrape answers the lines it kept (ExpositionCache), but for
   * the series that read the clock.
   */
  private stamp = 0
  private readonly exposition: ExpositionCache

  constructor(source: MetricsSource) {
    const registers = [this.registry]
    const live = new Set<string>()
    this.vault = source.vault ? new VaultMetrics(source.vault, registers) : null
    if (source.transfers) for (const name of registerTransferMetrics(source.transfers, registers)) live.add(name)
    if (source.tss) for (const name of registerTssMetrics(this.registry, source.tss)) live.add(name)
    if (source.keepers) registerKeepersMetrics(this.registry, source.keepers)
    this.webhookFailures = new Counter({ name: 'bridgescope_webhook_failures_total', help: 'Webhook deliveries given up after retries', registers })
    this.exposition = new ExpositionCache(this.registry, { stamp: () => this.stamp, live })
  }

  /** After every poll: what it reported of the nodes it asked. */
  polled(report: PollReport): void {
    this.vault?.polled(report)
    this.stamp++
  }

  /** Counters from the events the core announced (each exactly once). */
  event(e: WatchEvent): void {
    this.vault?.event(e)
    this.stamp++
  }

  webhookFailed(): void {
    this.webhookFailures.inc()
    this.stamp++
  }

  metrics(): Promise<string> {
    return this.exposition.text()
  }
}

/** Parses `HOST:PORT` or `PORT`; a bare port is loopback. */
export function parseListen(text: string): { host: string; port: number } | string {
  const m = /^(?:(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(text.trim())
  const port = m ? Number(m[2]) : NaN
  if (!m || port > 65535) return `--metrics takes HOST:PORT or PORT, got ${text}`
  return { host: (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port }
}

/** How long Prometheus keeps an idle scrape connection (prometheus/common's HTTP client default). */
export const SCRAPER_IDLE_MS = 5 * 60_000

/** `/metrics` (text exposition) and `/healthz`; resolves once listening. */
export async function serveMetrics(metrics: WatchMetrics, listen: { host: string; port: number }): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n')
      return
    }
    if (path !== '/metrics') {
      res.writeHead(404).end()
      return
    }
    metrics.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end()
    )
  })
  server.requestTimeout = 10_000
  // Prometheus keeps a scrape's connection open for the next one (it lets an idle one go after 5 minutes,
  // "above the maximum sane scrape interval"); Node's server closed it after 5 s, so every scrape at the
  // default 15 s paid a new TCP connection and its teardown, about half of a scrape's CPU in the watch
  // benches. Longer than the scraper's own limit, so the scraper ends an idle connection and no scrape meets
  // one being closed.
  server.keepAliveTimeout = SCRAPER_IDLE_MS + 10_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listen.port, listen.host, () => resolve())
  })
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : listen.port
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
