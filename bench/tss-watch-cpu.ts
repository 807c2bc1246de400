// tss_watch_idle_cpu_pct: `bridgescope watch tss` (the built CLI, its own process) following 20 chains of the
// demo network's TSS API at the default 60 s interval, with metrics on and scraped every 15 s over one
// kept-alive connection, as Prometheus does by default. CPU from /proc/<pid>/stat, so only the CLI's own time
// counts: the demo network serving the polls is another process (sim-child). Measured after the other
// figures, beside the other idle ones only (lib/suite.ts, Bench.idle).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChild } from './lib/child'
import { median } from './lib/stats'
import type { Bench } from './lib/suite'
import { procCpuMs, prometheusScraper } from './watch-rig'

/**
 * 20 chains: the demo network's eleven, its Bitcoin-like one, and eight it does not scan (empty answers, as
 * MAP gives for a chain it has no height for: still two requests each per poll).
 */
export const TSS_BENCH_CHAINS = ['22776', '1', '56', '137', '42161', '10', '8453', '43114', '1030', '8217', '4200', '1360095883558914', '100', '250', '324', '5000', '59144', '81457', '534352', '1360095883558913']

export const tssWatchCpuBench: Bench = {
  figures: [{ name: 'tss_watch_idle_cpu_pct', unit: '%', budget: { op: '<=', target: 0.2 }, rooms: ['tss', 'cli'], slow: true }],
  idle: true,
  async run(ctx) {
    const scrapeMs = ctx.tiny ? 500 : 15_000
    const perWindow = 4
    const windows = ctx.tiny ? 2 : 5
    const warmupScrapes = 2
    const sim = await startChild<{ baseUrl: string }>(ctx.root, 'sim-child.js', [String(ctx.tiny ? 500 : 5000)])
    const dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-tss-'))
    let cli: ChildProcess | null = null
    const scraper = prometheusScraper()
    try {
      const args = [join(ctx.root, 'out', 'node', 'cli.js'), 'watch', 'tss', '--tss-url', sim.hello.baseUrl]
      for (const id of TSS_BENCH_CHAINS) args.push('--chain-id', id)
      if (ctx.tiny) args.push('--interval', '2')
      args.push('--metrics', '127.0.0.1:0')
      const child = spawn(process.execPath, args, { env: { ...process.env, BRIDGESCOPE_DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] })
      cli = child
      const metricsUrl = await new Promise<string>((resolve, reject) => {
        let stderr = ''
        const timer = setTimeout(() => reject(new Error(`watch tss did not serve metrics: ${stderr.slice(-500)}`)), 60_000)
        child.stderr?.on('data', (c: Buffer) => {
          stderr += c.toString()
          const m = /metrics at (http:\/\/\S+\/metrics)/.exec(stderr)
          if (m) {
            clearTimeout(timer)
            resolve(m[1] as string)
          }
        })
        child.once('exit', (code) => reject(new Error(`watch tss exited (${code}): ${stderr.slice(-500)}`)))
      })
      const pid = child.pid as number
      const cpuMs = (): number => procCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'))
      // kept alive from one scrape to the next, as Prometheus keeps it (prometheusScraper says why)
      const scrape = async (): Promise<string> => (await scraper.get(metricsUrl)).text()
      /** MAP Relay Chain's scan height in the exposition: it moves with every poll (5 s blocks) */
      const mapHeight = (text: string): number => Number(/bridgescope_tss_scan_height\{chain="22776"\} (\d+)/.exec(text)?.[1] ?? NaN)
      // the first poll (baselines, every pending order traced once, module compilation) is not idle
      for (let waited = 0; !Number.isFinite(mapHeight(await scrape())); waited += 200) {
        if (waited > 60_000) throw new Error('watch tss has not polled within a minute')
        await new Promise((r) => setTimeout(r, 200))
      }
      const start = performance.now()
      const sleepUntil = (tick: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, start + tick * scrapeMs - performance.now())))
      let tick = 0
      let last = { cpu: 0, wall: 0, height: NaN }
      for (; tick <= warmupScrapes; tick++) {
        await sleepUntil(tick)
        const cpu = cpuMs()
        const wall = performance.now()
        last = { cpu, wall, height: mapHeight(await scrape()) }
      }
      const pct: number[] = []
      const moved: number[] = []
      for (let w = 0; w < windows; w++) {
        const begin = last
        for (let k = 0; k < perWindow; k++, tick++) {
          await sleepUntil(tick)
          const cpu = cpuMs()
          const wall = performance.now()
          last = { cpu, wall, height: mapHeight(await scrape()) }
        }
        pct.push((100 * (last.cpu - begin.cpu)) / (last.wall - begin.wall))
        moved.push(last.height - begin.height)
        ctx.log(`tss watch idle: window ${w + 1}: ${(last.cpu - begin.cpu).toFixed(0)} ms CPU in ${((last.wall - begin.wall) / 1000).toFixed(1)} s = ${pct[w]!.toFixed(3)} %, MAP height +${moved[w]}`)
      }
      return {
        tss_watch_idle_cpu_pct: {
          value: median(pct),
          runs: pct,
          detail: `bridgescope watch tss --metrics, ${ctx.tiny ? 'interval 2 s' : 'default interval (60 s)'}, ${TSS_BENCH_CHAINS.length} chains followed (12 scanned by the demo network, with its pending orders traced), /metrics scraped every ${scrapeMs / 1000} s; CPU of the CLI process (/proc utime+stime, 10 ms ticks) over ${windows} windows of ${(perWindow * scrapeMs) / 1000} s after a ${(warmupScrapes * scrapeMs) / 1000} s warm-up; MAP height moved per window: ${moved.join(', ')}; runs ${Math.min(...pct).toFixed(3)}–${Math.max(...pct).toFixed(3)} %`
        }
      }
    } finally {
      await scraper.close()
      if (cli && cli.exitCode === null) {
        const exited = new Promise<void>((resolve) => cli?.once('exit', () => resolve()))
        cli.kill('SIGINT')
        await exited
      }
      await sim.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
