// bridgescope — the command-line face of the same client the app uses.
// Exit codes: 0 success; 1 the service or node failed or answered unusable data; 2 bad usage or input
// (nothing was sent). Messages go to stderr as one line, never a stack trace.
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { AppError, describeError, toErrorData } from '../shared/errors'
import type { HistoryPage } from '../shared/schemas/wire'
import { BridgeClient, checkInput } from '../main/client/bridge-api'
import { canonicalEpoch } from '../main/client/rpc'
import { addressSchema, txHashSchema } from '../shared/schemas/settings'
import { fetchAllHistory } from '../main/client/history-all'
import { describeArrivals, describeDoubt } from '../shared/history-load'
import { resolveEndpoints, type EndpointNeeds, type Endpoints } from './endpoints'
import {
  chainsTable,
  historyTable,
  issueLines,
  jsonText,
  tokensTable,
  transferBlock,
  vaultBlock
} from './format'
import { startSimulator } from '../demo/index'
import { terminalSafe } from '../shared/terminal-text'
import { withReceivedTokens } from '../shared/amounts'
import { redactText } from '../shared/redact'
import { runWatchCommand, WATCH_USAGE } from './watch'
import { networkFromEnv } from '../main/net/env-proxy'
import type { Fetch } from '../main/net/fetch'
import { runTssCommand, TssUsageError } from './tss'
import { runWatchTssCommand, WATCH_TSS_USAGE } from './watch-tss'

export interface Writer {
  write(chunk: string): unknown
  isTTY?: boolean
}

export interface CliIo {
  stdout: Writer
  stderr: Writer
  env: Record<string, string | undefined>
  /** stops a running command (Ctrl-C when run directly; tests pass their own) */
  signal?: AbortSignal
}

const USAGE = `Usage: bridgescope <command> [options]

Commands:
  chains                                   supported chains
  tokens [--chain-id N]                    supported tokens, optionally of one chain
  history --address A --chain-id N [--page N] [--page-size N] [--all]
                                           a user's transfers on one chain
  transfer <txHash>                        details of one transfer
  vault [latest|<epoch>]                   the TSS vault (epoch as decimal or 0x hex)
  sim [--port N] [--seed S] [--transfers N]
                                           run the demo network until Ctrl-C
  watch vault [--rpc-url URL]... [--interval S] [--json] [--metrics HOST:PORT]
                                           one line per vault or node change, until Ctrl-C
  watch transfer <txHash> [--interval S] [--json]
                                           one line per change of that transfer, until Ctrl-C
  tss heights [--chain-id N]...            TSS cross-chain API: scan height of each followed chain
  tss pending --chain-id N                 the chain's pending orders with their age
  tss order <orderId> | tss tx <hash>      one order across every leg (a hash on any leg)
  watch tss [--interval S] [--stall-after MIN] [--metrics HOST:PORT] [--webhook URL]...
                                           pending work, scanner heights and stalls, stuck orders

Options:
  --base-url URL    query service (else BRIDGESCOPE_BASE_URL, else the app's active profile)
  --rpc-url URL     JSON-RPC node (else BRIDGESCOPE_RPC_URL, else the active profile)
  --tss-url URL     TSS cross-chain API (else BRIDGESCOPE_TSS_URL, else the active profile)
  --timeout MS      per-request timeout in milliseconds (default 15000)
  --json            the decoded payload as JSON; amounts as exact decimal text
  -h, --help        this help

Without URLs and with the demo profile active (or no settings), the built-in simulator is started.
Exit codes: 0 success, 1 the service or node failed, 2 bad usage or input.
`

const OPTIONS = {
  'base-url': { type: 'string' },
  'rpc-url': { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'chain-id': { type: 'string' },
  address: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  all: { type: 'boolean' },
  port: { type: 'string' },
  seed: { type: 'string' },
  transfers: { type: 'string' }
} as const

type OptionName = keyof typeof OPTIONS
type Values = Partial<Record<OptionName, string | boolean>>

const COMMON: readonly OptionName[] = ['base-url', 'rpc-url', 'timeout', 'json', 'help']
/** Which options each command takes, and how many positionals it allows. */
const COMMANDS: Record<string, { options: readonly OptionName[]; positionals: [number, number] }> = {
  chains: { options: COMMON, positionals: [0, 0] },
  tokens: { options: [...COMMON, 'chain-id'], positionals: [0, 0] },
  history: { options: [...COMMON, 'address', 'chain-id', 'page', 'page-size', 'all'], positionals: [0, 0] },
  transfer: { options: COMMON, positionals: [1, 1] },
  vault: { options: COMMON, positionals: [0, 1] },
  sim: { options: ['port', 'seed', 'transfers', 'help'], positionals: [0, 0] }
}

class UsageError extends Error {}

/** A whole number from a flag, or a usage error naming the flag. */
function intFlag(values: Values, name: OptionName, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = values[name]
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new AppError({ kind: 'input', field: name, message: `--${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got "${String(raw)}"` })
  }
  return Number(raw)
}

function str(values: Values, name: OptionName): string | undefined {
  const v = values[name]
  return typeof v === 'string' ? v : undefined
}

interface Context {
  io: CliIo
  values: Values
  positionals: string[]
  json: boolean
  warn(line: string): void
  print(text: string): void
}

async function withClient<T>(
  ctx: Context,
  run: (client: BridgeClient, ep: Endpoints, fetch: Fetch) => Promise<T>,
  rpcUrls: string[] = [],
  needs: EndpointNeeds = 'api'
): Promise<T> {
  const timeoutMs = intFlag(ctx.values, 'timeout', 1, 600_000)
  const resolved = await resolveEndpoints(
    { ...(str(ctx.values, 'base-url') ? { baseUrl: str(ctx.values, 'base-url') } : {}), ...(str(ctx.values, 'rpc-url') ? { rpcUrl: str(ctx.values, 'rpc-url') } : {}), ...(timeoutMs ? { timeoutMs } : {}) },
    ctx.io.env,
    ctx.warn,
    needs
  )
  const ep = rpcUrls.length > 1 ? { ...resolved, rpcUrls } : resolved
  try {
    // HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as other command-line tools honour them (./net/env-proxy.ts).
    const network = networkFromEnv(ctx.io.env)
    try {
      const client = new BridgeClient({
        baseUrl: ep.baseUrl,
        rpcUrls: ep.rpcUrls,
        ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {}),
        ...(ep.maxPageSize ? { maxPageSize: ep.maxPageSize } : {}),
        fetch: network.fetch
      })
      return await run(client, ep, network.fetch)
    } finally {
      // Also ends a connection a timed-out request left open (a proxy that never answers), so the process exits.
      await network.close()
    }
  } finally {
    await ep.close?.()
  }
}

const call = (ctx: Context): { signal?: AbortSignal } => (ctx.io.signal ? { signal: ctx.io.signal } : {})

async function chains(ctx: Context): Promise<void> {
  const list = await withClient(ctx, (c) => c.queryChainList(call(ctx)))
  ctx.print(ctx.json ? jsonText(list) : chainsTable(list))
}

async function tokens(ctx: Context): Promise<void> {
  const chainId = intFlag(ctx.values, 'chain-id', 1)
  const all = await withClient(ctx, (c) => c.queryTokenList(call(ctx)))
  const list = chainId === undefined ? all : { [String(chainId)]: all[String(chainId)] ?? [] }
  if (chainId !== undefined && (list[String(chainId)]?.length ?? 0) === 0) ctx.warn(`note: no tokens listed for chain ${chainId}`)
  ctx.print(ctx.json ? jsonText(list) : tokensTable(list))
}

async function history(ctx: Context): Promise<void> {
  const address = str(ctx.values, 'address')
  const chainId = intFlag(ctx.values, 'chain-id', 1)
  if (address === undefined || chainId === undefined) throw new UsageError('history needs --address and --chain-id')
  const pageNo = intFlag(ctx.values, 'page', 1)
  const pageSize = intFlag(ctx.values, 'page-size', 1)
  const loadAll = ctx.values.all === true
  if (loadAll && pageNo !== undefined) throw new UsageError('--all and --page do not go together')
  // Input errors before any endpoint work: a bad address must not even start the demo network.
  checkInput(addressSchema, address, 'address', 'queryHistory')
  await withClient(ctx, async (c) => {
    let footer: string
    let page: HistoryPage
    if (loadAll) {
      const result = await fetchAllHistory(c, { address, chainId }, {
        ...(pageSize ? { pageSize } : {}),
        ...call(ctx),
        onProgress: (p) => {
          if (ctx.io.stderr.isTTY) ctx.io.stderr.write(`\rloaded ${p.loaded}/${p.total} (page ${p.pagesDone}/${p.pagesTotal})`)
        }
      })
      if (ctx.io.stderr.isTTY) ctx.io.stderr.write('\n')
      const arrivals = describeArrivals(result.arrived)
      if (arrivals) ctx.warn(`note: ${arrivals}`)
      for (const doubt of result.doubts) ctx.warn(`warning: ${describeDoubt(doubt)}`)
      if (result.truncated) ctx.warn('warning: stopped at the page limit; the list is incomplete')
      page = { list: result.list, total: result.total }
      footer = `${result.list.length} transfers (total ${result.total})`
    } else {
      page = await c.queryHistory({ address, chainId, ...(pageNo ? { pageNo } : {}), ...(pageSize ? { pageSize } : {}) }, call(ctx))
      const size = pageSize ?? 10
      footer = `page ${pageNo ?? 1} of ${Math.max(1, Math.ceil(page.total / size))} (total ${page.total})`
    }
    for (const r of page.list) for (const line of issueLines(`record id ${r.id} (${r.hash})`, r.issues)) ctx.warn(line)
    if (!ctx.json) {
      // Received amounts are in the destination token's decimals, found in the token list; without it
      // they print as their exact wire value marked (raw), never scaled by the source token.
      const tokens = await c.queryTokenList(call(ctx)).catch(() => {
        ctx.warn('warning: the token list could not be loaded; received amounts are shown raw')
        return null
      })
      withReceivedTokens(page.list, tokens)
    }
    ctx.print(ctx.json ? jsonText(page) : `${historyTable(page.list)}${footer}\n`)
  })
}

async function transfer(ctx: Context): Promise<void> {
  const hash = checkInput(txHashSchema, ctx.positionals[0] ?? '', 'txHash', 'queryBridgeInfo')
  const detail = await withClient(ctx, (c) => c.queryBridgeInfo(hash, call(ctx)))
  for (const line of issueLines(`transfer ${detail.fromHash}`, detail.issues)) ctx.warn(line)
  ctx.print(ctx.json ? jsonText(detail) : transferBlock(detail))
}

async function vault(ctx: Context): Promise<void> {
  const epoch = canonicalEpoch(ctx.positionals[0] ?? 'latest')
  const result = await withClient(ctx, (c) => c.getVault(epoch, call(ctx)), [], 'rpc')
  if (result.records === null) ctx.warn('note: the vault result has an unrecognised shape; shown whole')
  ctx.print(ctx.json ? jsonText(result) : vaultBlock(result))
}

async function sim(ctx: Context): Promise<void> {
  const port = intFlag(ctx.values, 'port', 0, 65_535)
  const seed = intFlag(ctx.values, 'seed', 0)
  const transfers = intFlag(ctx.values, 'transfers', 0, 1_000_000)
  const s = await startSimulator({
    ...(port !== undefined ? { port } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(transfers !== undefined ? { transfers } : {})
  })
  ctx.print(`base URL: ${s.baseUrl}\nRPC URL:  ${s.rpcUrl}\n`)
  ctx.warn('the demo network is running; press Ctrl-C to stop')
  const signal = ctx.io.signal
  await new Promise<void>((resolve) => {
    if (!signal) return // runs until the process is stopped
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve(), { once: true })
  })
  await s.close()
}

const RUN: Record<string, (ctx: Context) => Promise<void>> = { chains, tokens, history, transfer, vault, sim }

const ENDPOINT_FLAGS = ['--base-url', '--rpc-url', '--timeout'] as const

/** `watch …`: the endpoint flags are ours, the rest is the watcher's own grammar (src/main/watch/cli-watch.ts). */
async function watch(argv: string[], io: CliIo, warn: (line: string) => void): Promise<number> {
  if (argv[0] === 'tss') {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout.write(WATCH_TSS_USAGE)
      return 0
    }
    return runWatchTssCommand(argv.slice(1), io, io.signal ?? new AbortController().signal)
  }
  const values: Values = {}
  const rpcUrls: string[] = []
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    const flag = ENDPOINT_FLAGS.find((f) => a === f || a.startsWith(`${f}=`))
    if (!flag) {
      rest.push(a)
      continue
    }
    const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i]
    if (v === undefined) throw new UsageError(`${flag} needs a value`)
    // --rpc-url repeats: every node named is polled and compared with the others.
    if (flag === '--rpc-url') rpcUrls.push(v)
    values[flag.slice(2) as OptionName] = v
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(WATCH_USAGE)
    return 0
  }
  const signal = io.signal ?? new AbortController().signal
  const ctx: Context = { io, values, positionals: [], json: false, warn, print: (t) => void io.stdout.write(t) }
  return withClient(ctx, (client, _ep, fetch) => runWatchCommand(rest, io, { client, signal, fetch }), rpcUrls, 'both')
}

/** Every byte the CLI writes passes terminalSafe: remote text can never drive the terminal. */
function safeIo(io: CliIo): CliIo {
  const wrap = (w: Writer, clean: (chunk: string) => string): Writer => ({
    write: (chunk: string) => w.write(clean(chunk)),
    ...(w.isTTY === undefined ? {} : { isTTY: w.isTTY })
  })
  // stdout is the data asked for (exact, --json included); stderr is messages and logs, where a URL never
  // shows its user, password or query. CR stays on stderr only: the progress line rewrites itself with it.
  return {
    ...io,
    stdout: wrap(io.stdout, (c) => terminalSafe(c)),
    stderr: wrap(io.stderr, (c) => terminalSafe(redactText(c), true))
  }
}

export async function main(
  argv: string[],
  rawIo: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }
): Promise<number> {
  const io = safeIo(rawIo)
  const warn = (line: string): void => void io.stderr.write(line.endsWith('\n') ? line : `${line}\n`)
  try {
    if (argv[0] === 'watch') return await watch(argv.slice(1), io, warn)
    if (argv[0] === 'tss') {
      await runTssCommand(argv.slice(1), { print: (t) => void io.stdout.write(t), warn, env: io.env, ...(io.signal ? { signal: io.signal } : {}) })
      return 0
    }
    let parsed: { values: Values; positionals: string[] }
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true }) as typeof parsed
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error))
    }
    const [command, ...positionals] = parsed.positionals
    if (parsed.values.help === true || command === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    if (command === undefined) throw new UsageError('no command given')
    const spec = COMMANDS[command]
    const run = RUN[command]
    if (!spec || !run) throw new UsageError(`unknown command "${command}"`)
    for (const key of Object.keys(parsed.values) as OptionName[]) {
      if (!spec.options.includes(key)) throw new UsageError(`${command} does not take --${key}`)
    }
    const [min, max] = spec.positionals
    if (positionals.length < min || positionals.length > max) {
      throw new UsageError(`${command} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, got ${positionals.length}`)
    }
    await run({
      io,
      values: parsed.values,
      positionals,
      json: parsed.values.json === true,
      warn,
      print: (text) => void io.stdout.write(text)
    })
    return 0
  } catch (error) {
    if (error instanceof UsageError || error instanceof TssUsageError) {
      warn(`bridgescope: ${error.message}\nRun "bridgescope --help" for usage.`)
      return 2
    }
    const data = toErrorData(error)
    warn(`bridgescope: ${describeError(data)}`)
    return data.kind === 'input' ? 2 : 1
  }
}

/** True when this module is the program node was started with (not when bin/ or a test imports it). */
function isEntryPoint(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}

/** Runs main with Ctrl-C wired to cancellation, and sets the exit code. */
export async function runFromProcess(argv: string[] = process.argv.slice(2)): Promise<void> {
  const stop = new AbortController()
  const onSignal = (): void => {
    if (stop.signal.aborted) process.exit(130)
    stop.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const code = await main(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: stop.signal })
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  process.exitCode = code
}

if (isEntryPoint()) void runFromProcess()
