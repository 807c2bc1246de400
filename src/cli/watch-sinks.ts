// What every headless watch (`watch vault`, `watch transfer`, `watch tss`) shares: its grammar, the options of
// its sinks, and the sinks themselves — one line per event on stdout (JSON with --json), Prometheus metrics
// with --metrics, webhooks with --webhook. Sinks never hold up polling: webhooks queue, metrics are read from
// the watcher's state when scraped.
import { webhookUrlHint } from '@shared/redact'
import type { WatchEvent } from '@shared/watch'
import { WebhookSink, type PollReport, type WebhookFormat } from '../main/watch'
import type { Fetch } from '../main/net'
import { parseListen, serveMetrics, WatchMetrics, type MetricsSource } from './metrics'
import { WebhookOutbox } from './webhook-outbox'
import { readWebhookFile, webhookUrl, webhookUrls } from './webhook-sources'
import { readCommandLine, usageErrorText, UsageError, type Command, type CommandLine, type Grammar, type Values } from './command-line'
import { cliContext, type CliContext, type CliIo } from './io'

export const WATCH_USAGE = `usage: bridgescope watch vault [--rpc-url URL]... [--interval S] [--json] [--metrics HOST:PORT]
                         [--webhook URL]... [--webhook-file PATH] [--webhook-format slack|discord|json] [--tss-url URL]
                         [--maintainers-check] [--solvency-check] [--maintainers ADDR] [--tss-manager ADDR]
                         [--view-controller ADDR] [--health-port N] [--chain-rpc ID=URL]... [--threshold PCT]
                         [--max-lag BLOCKS] [--heartbeat-stale DURATION]
       bridgescope watch transfer <txHash> [--interval S] [--json] [--metrics HOST:PORT] [--verify [--chain-rpc ID=URL]]
Prints one line per change until stopped (Ctrl-C, SIGTERM). Several --rpc-url are polled side by side and
compared. --metrics serves Prometheus metrics at /metrics and liveness at /healthz (a bare PORT is 127.0.0.1).
What was announced is kept in <data folder>/watch-cli (BRIDGESCOPE_DATA_DIR), so a restart repeats nothing.
--verify checks watched transfers on their chains too (each chain's RPC learns which transactions you watch).
--maintainers-check watches the vault's maintainers on the relay chain (the first --rpc-url) and their nodes:
heartbeat stale (default 5m), node not answering, scanner more than --max-lag blocks behind (10), slash points
rising. --solvency-check weighs each vault's books against each chain's finalized balance (--chain-rpc, else
the profile's chain-check RPCs; short beyond --threshold, 1 %). Contracts and health port as in vault solvency.
Webhook URLs are secrets: rather than --webhook (seen by every user through ps), name a file with
--webhook-file (one URL per line, # comments; chmod 600) or set BRIDGESCOPE_WEBHOOKS (URLs separated by spaces).
`

/**
 * `watch …`: read in order, the first fault named in the watcher's own words and followed by the usage, and
 * --help anywhere on the line is the help (as the watch commands have always read their lines).
 */
export const WATCH: Grammar = {
  word: 'watch',
  help: WATCH_USAGE,
  strict: false,
  helpOnError: true,
  unknownCommand: (word) => `unknown watch target: ${word ?? '(none)'}`,
  notTaken: (_cmd, _name, raw) => `unexpected argument: ${raw}`,
  // only `watch transfer` takes an argument: its transaction hash
  argumentCount: (cmd, args, [min]) => (args.length < min ? `${cmd} needs a transaction hash` : `unexpected argument: ${args[args.length - 1] ?? ''}`)
}

/** An option that needs a value that is not empty. */
export function needsValue(name: string, what: string): (text: string | undefined) => string {
  return (text) => {
    if (!text) throw new UsageError(`--${name} needs ${what}`)
    return text
  }
}

export const SINK_OPTIONS = {
  interval: {
    type: 'string',
    read: (v: string | undefined): number => {
      const n = Number(v)
      if (!Number.isFinite(n) || n < 1 || n > 86_400) throw new UsageError(`--interval takes seconds from 1 to 86400, got ${v ?? 'nothing'}`)
      return n
    }
  },
  json: { type: 'boolean' },
  metrics: {
    type: 'string',
    read: (v: string | undefined): { host: string; port: number } => {
      const listen = parseListen(v ?? '')
      if (typeof listen === 'string') throw new UsageError(listen)
      return listen
    }
  },
  webhook: {
    type: 'string',
    multiple: true,
    // the app's rule for webhook URLs: http(s), path and query welcome (the token), no user:password@
    read: (v: string | undefined): string => webhookUrl(v ?? '', '--webhook')
  },
  // the same URLs kept out of the command line (./webhook-sources.ts), read before anything starts
  'webhook-file': { type: 'string', read: readWebhookFile },
  'webhook-format': {
    type: 'string',
    read: (v: string | undefined): WebhookFormat => {
      if (v !== 'json' && v !== 'slack' && v !== 'discord') throw new UsageError(`--webhook-format takes slack, discord or json, got ${v ?? 'nothing'}`)
      return v
    }
  }
} as const
export type SinkValues = Values<typeof SINK_OPTIONS>

function eventLine(e: WatchEvent, json: boolean): string {
  if (json) return JSON.stringify(e) + '\n'
  return `${new Date(e.at).toISOString()}  ${e.kind}  ${e.title}: ${e.body}\n`
}

/** Resolves when the signal aborts (at once when it already has). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
}

/** The sinks a watch's events go to, as its options name them. */
export class WatchSinks {
  private metrics: WatchMetrics | null = null
  private server: Awaited<ReturnType<typeof serveMetrics>> | null = null
  private readonly hooks: WebhookSink | null
  private readonly outbox: WebhookOutbox | null
  private readonly urls: readonly string[]

  constructor(
    private readonly values: SinkValues,
    private readonly io: Pick<CliIo, 'stdout' | 'stderr'> & Partial<Pick<CliIo, 'env'>>,
    /** the CLI's way to the network (the proxy variables), for webhooks as for the watch's own requests */
    fetch?: Fetch,
    /** the watch's state folder: the webhooks' outbox lives there, so a restart neither loses nor repeats one */
    stateDir?: string
  ) {
    const urls = (this.urls = webhookUrls(values, io.env ?? {}, (text) => void io.stderr.write(text)))
    this.outbox = urls.length > 0 && stateDir !== undefined ? WebhookOutbox.open(stateDir) : null
    this.hooks =
      urls.length === 0
        ? null
        : new WebhookSink({
            urls,
            format: values['webhook-format'] ?? 'json',
            ...(fetch ? { fetch } : {}),
            onDelivered: (url, e) => {
              if (e) this.outbox?.settled(url, e.id)
            },
            onFailure: (url, reason, e) => {
              if (e) this.outbox?.settled(url, e.id)
              this.metrics?.webhookFailed()
              io.stderr.write(`webhook ${webhookUrlHint(url)} failed: ${reason}\n`)
            }
          })
    // what a watch that died had let out but not yet delivered goes first
    for (const e of this.outbox?.pending() ?? []) this.hooks?.send(e)
  }

  emit(e: WatchEvent): void {
    this.metrics?.event(e)
    if (this.hooks && (!this.outbox || this.outbox.add(e, this.urls))) this.hooks.send(e)
    this.io.stdout.write(eventLine(e, this.values.json === true))
  }

  polled(report: PollReport): void {
    this.metrics?.polled(report)
  }

  /**
   * Serves /metrics and /healthz when --metrics asked for them, with the metrics of each poller kind `source`
   * has a part for; false when the address cannot be listened on (said on stderr).
   */
  async serve(source: MetricsSource): Promise<boolean> {
    const listen = this.values.metrics
    if (!listen) return true
    this.metrics = new WatchMetrics(source)
    try {
      this.server = await serveMetrics(this.metrics, listen)
    } catch (error) {
      this.io.stderr.write(`cannot serve metrics on ${listen.host}:${listen.port}: ${error instanceof Error ? error.message : String(error)}\n`)
      return false
    }
    this.io.stderr.write(`metrics at ${this.server.url}/metrics\n`)
    return true
  }

  async close(): Promise<void> {
    await this.server?.close()
    await this.hooks?.close()
  }
}

export type WatchCliIo = Pick<CliIo, 'stdout' | 'stderr' | 'env'>

/**
 * Reads a watch command line through the command table and runs it with the caller's own means (a client, a
 * signal): how tests and tools drive a watch without the CLI's endpoints. A usage error is written with the
 * usage (exit 2).
 */
export async function runWatchLine(
  commands: readonly Command[],
  argv: readonly string[],
  io: WatchCliIo,
  run: (ctx: CliContext, command: Command, line: CommandLine) => Promise<number>
): Promise<number> {
  try {
    const reading = readCommandLine(commands, argv, WATCH_USAGE)
    if (reading.kind === 'help') {
      io.stdout.write(reading.text)
      return 0
    }
    return await run(cliContext(io), reading.command, reading.line)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(usageErrorText(error))
    return 2
  }
}
