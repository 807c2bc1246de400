// The headless watcher as an operator runs it, for watch_idle_cpu_pct and metrics_scrape_ms: the built CLI
// (`node out/node/cli.js watch vault --metrics …`, as the Prometheus integration test starts it) in its own
// process, polling three simulated nodes (each a sim-child process, so serving the polls is not counted) and
// the transfers and address of a watch list, with nothing changing.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, type Dispatcher } from 'undici'
import { startChild, type Child } from './lib/child'
import { historyText, type Heavy } from './lib/sim-body'
import { notDelivered } from '../src/shared/states'
import { SCRAPER_IDLE_MS } from '../src/cli/metrics'

export interface WatchRig {
  pid: number
  metricsUrl: string
  nodes: number
  watchedTransfers: number
  intervalSec: number | null
  /** CPU time (user + system, every thread) the CLI process has used, in ms, from /proc/<pid>/stat */
  cpuMs(): number
  /** GET /metrics: the round trip in ms (to the last byte) and the exposition */
  scrape(): Promise<{ ms: number; text: string }>
  close(): Promise<void>
}

const TICKS_PER_SECOND = 100 // USER_HZ: what `getconf CLK_TCK` answers on Linux

/**
 * A scraper that keeps its connection from one scrape to the next, as Prometheus does. Node's fetch lets an
 * idle connection go after 4 s, so with scrapes 15 s apart the watcher accepted and tore down a connection
 * for every scrape, which Prometheus would have reused: a cost of this bench's scraper, not of the watcher
 * under Prometheus. `close()` lets go of it.
 */
export function prometheusScraper(): { get(url: string): Promise<Response>; close(): Promise<void> } {
  const agent = new Agent({ keepAliveTimeout: SCRAPER_IDLE_MS, keepAliveMaxTimeout: SCRAPER_IDLE_MS })
  // Node's fetch takes an undici dispatcher; its types name Node's own copy of undici, hence the cast.
  const init = (): RequestInit => ({ signal: AbortSignal.timeout(120_000), dispatcher: agent as Dispatcher }) as unknown as RequestInit
  return { get: (url) => fetch(url, init()), close: () => agent.close() }
}

/** utime + stime of a process (fields 14 and 15 of /proc/<pid>/stat, after the parenthesised name). */
export function procCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  if (!Number.isFinite(ticks)) throw new Error('unreadable /proc/<pid>/stat')
  return (ticks * 1000) / TICKS_PER_SECOND
}

/** The summed _count of a histogram in an exposition: one per node answer the watcher timed, so it counts polls. */
export function histogramCount(text: string, name: string): number {
  let n = 0
  for (const line of text.split('\n')) if (line.startsWith(`${name}_count`)) n += Number(line.slice(line.lastIndexOf(' ') + 1))
  return n
}

/**
 * Up to `count` transfers of the heaviest address that are not delivered by the app's own rule (state ≠ 1 and
 * no receive hash, src/shared/states.ts): the watcher keeps polling those. (State ≠ 1 alone also picked
 * received transfers, which the watcher rightly counts as delivered: they had no pending_seconds series.)
 */
async function pendingTransfers(baseUrl: string, heavy: Heavy, count: number): Promise<string[]> {
  const found: string[] = []
  for (let pageNo = 1; pageNo <= 5 && found.length < count; pageNo++) {
    const body = JSON.parse(await historyText(baseUrl, { address: heavy.address, chainId: heavy.chainId, pageNo, pageSize: 100 })) as {
      data: { list: { hash: string; state: number; transferinHash: string | null }[] }
    }
    for (const t of body.data.list) if (notDelivered({ state: t.state }, t.transferinHash) && found.length < count) found.push(t.hash)
  }
  if (found.length === 0) throw new Error('the simulator has no pending transfer to watch')
  return found
}

export async function startWatchRig(
  root: string,
  opts: { tiny: boolean; intervalSec?: number; nodes?: number; transfers?: number; extraArgs?: (first: { baseUrl: string; rpcUrl: string }) => string[] }
): Promise<WatchRig> {
  const sims: Child<{ baseUrl: string; heavy: Heavy }>[] = []
  let cli: ChildProcess | null = null
  const dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-watch-'))
  const scraper = prometheusScraper()
  const close = async (): Promise<void> => {
    await scraper.close()
    if (cli && cli.exitCode === null) {
      const exited = new Promise<void>((resolve) => cli?.once('exit', () => resolve()))
      cli.kill('SIGINT')
      const killer = setTimeout(() => cli?.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(killer)
    }
    await Promise.all(sims.map((s) => s.stop()))
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const nodes = opts.nodes ?? 3
    for (let i = 0; i < nodes; i++) sims.push(await startChild(root, 'sim-child.js', [String(opts.tiny ? 500 : 5000)]))
    const first = sims[0]!.hello
    const txs = await pendingTransfers(first.baseUrl, first.heavy, opts.transfers ?? 8)
    const addedAt = Date.now()
    writeFileSync(
      join(dataDir, 'watchlists.json'),
      JSON.stringify({
        addresses: [{ address: first.heavy.address, chainIds: [first.heavy.chainId], label: 'bench' }],
        transfers: txs.map((txHash, i) => ({ txHash, label: `bench ${i + 1}`, addedAt })),
        epochs: []
      })
    )
    const args = [join(root, 'out', 'node', 'cli.js'), 'watch', 'vault', '--base-url', first.baseUrl]
    for (const s of sims) args.push('--rpc-url', `${s.hello.baseUrl}/rpc`)
    if (opts.intervalSec !== undefined) args.push('--interval', String(opts.intervalSec))
    args.push(...(opts.extraArgs?.({ baseUrl: first.baseUrl, rpcUrl: `${first.baseUrl}/rpc` }) ?? []))
    args.push('--metrics', '127.0.0.1:0')
    // BENCH_CPU_PROF_DIR: the CLI writes a V8 CPU profile there when it exits (Node refuses --cpu-prof in NODE_OPTIONS)
    const profDir = process.env.BENCH_CPU_PROF_DIR
    if (profDir) args.unshift('--cpu-prof', `--cpu-prof-dir=${profDir}`)
    const child = spawn(process.execPath, args, { env: { ...process.env, BRIDGESCOPE_DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] })
    cli = child
    const metricsUrl = await new Promise<string>((resolve, reject) => {
      let stderr = ''
      const timer = setTimeout(() => reject(new Error(`the CLI did not start serving metrics: ${stderr.slice(-500)}`)), 60_000)
      child.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString()
        const m = /metrics at (http:\/\/\S+\/metrics)/.exec(stderr)
        if (m) {
          clearTimeout(timer)
          resolve(m[1] as string)
        }
      })
      child.once('exit', (code) => reject(new Error(`the CLI exited (${code}): ${stderr.slice(-500)}`)))
    })
    const pid = child.pid
    if (pid === undefined) throw new Error('the CLI has no pid')
    return {
      pid,
      metricsUrl,
      nodes,
      watchedTransfers: txs.length,
      intervalSec: opts.intervalSec ?? null,
      cpuMs: () => procCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')),
      scrape: async () => {
        const t0 = performance.now()
        // A generous limit (prometheusScraper's): watch_idle_cpu_pct scrapes from this process while the table
        // figures load a million transfers in it, and an event loop held for seconds by that work let a 10 s
        // timer fire before the answer, long since sent, was read.
        const res = await scraper.get(metricsUrl)
        const text = await res.text()
        const ms = performance.now() - t0
        if (!res.ok) throw new Error(`/metrics answered HTTP ${res.status}`)
        return { ms, text }
      },
      close
    }
  } catch (error) {
    await close()
    throw error
  }
}
