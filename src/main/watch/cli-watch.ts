// `bridgescope watch vault [--interval S] [--json]` and `bridgescope watch transfer <hash> [--interval S] [--json]`:
// the app's watcher in a terminal, state in memory, one line per event on stdout (JSON with --json) until the
// signal aborts (SIGINT), then exit 0. Usage errors exit 2.
import { defaultSettings } from '@shared/schemas/settings'
import { txHashSchema } from '@shared/schemas/settings'
import type { WatchEvent } from '@shared/watch'
import { ActivityLog } from './activity-log'
import { WatchState } from './state'
import type { WatchClient, WatchSettings } from './types'
import { Watcher } from './watcher'
import { redactUrls } from '@shared/redact'

export interface WatchWriter {
  write(text: string): unknown
}
export interface WatchCliIo {
  stdout: WatchWriter
  stderr: WatchWriter
  env: Record<string, string | undefined>
}
export interface WatchCliDeps {
  client: WatchClient & { rpcUrls?: readonly string[] }
  signal: AbortSignal
}

export const WATCH_USAGE = `usage: bridgescope watch vault [--interval S] [--json]
       bridgescope watch transfer <txHash> [--interval S] [--json]
Prints one line per change until stopped (Ctrl-C).
`

interface Parsed {
  what: 'vault' | 'transfer'
  txHash?: string
  intervalSec?: number
  json: boolean
}

function parse(args: string[]): Parsed | string {
  const [what, ...rest] = args
  if (what !== 'vault' && what !== 'transfer') return `unknown watch target: ${what ?? '(none)'}`
  const out: Parsed = { what, json: false }
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string
    if (a === '--json') out.json = true
    else if (a === '--interval' || a.startsWith('--interval=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i]
      const n = Number(v)
      if (!Number.isFinite(n) || n < 1 || n > 86_400) return `--interval takes seconds from 1 to 86400, got ${v ?? 'nothing'}`
      out.intervalSec = n
    } else if (what === 'transfer' && out.txHash === undefined && !a.startsWith('-')) {
      const h = txHashSchema.safeParse(a)
      if (!h.success) return `txHash: ${h.error.issues[0]?.message ?? 'invalid'}`
      out.txHash = h.data.toLowerCase()
    } else return `unexpected argument: ${a}`
  }
  if (what === 'transfer' && !out.txHash) return 'watch transfer needs a transaction hash'
  return out
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
  const watcher = new Watcher({
    profileId: 'cli',
    client: deps.client,
    rpcUrls,
    settings: () => settings,
    targets: () => ({
      addresses: [],
      transfers: parsed.txHash ? [{ txHash: parsed.txHash, label: '', addedAt: startedAt }] : []
    }),
    state: await WatchState.open(null),
    log: await ActivityLog.open(null),
    vault: parsed.what === 'vault',
    transfers: parsed.what === 'transfer',
    emit: (e) => void io.stdout.write(line(e, parsed.json))
  })
  if (deps.signal.aborted) return 0
  io.stderr.write(
    parsed.what === 'vault'
      ? `watching the vault on ${redactUrls(rpcUrls.join(', '))} every ${seconds} s (Ctrl-C to stop)\n`
      : `watching transfer ${parsed.txHash ?? ''} every ${seconds} s (Ctrl-C to stop)\n`
  )
  watcher.start()
  await new Promise<void>((resolve) => deps.signal.addEventListener('abort', () => resolve(), { once: true }))
  await watcher.stop()
  return 0
}
