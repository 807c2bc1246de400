// watch_idle_cpu_pct: the headless watcher's own CPU while nothing changes, with metrics on and scraped as
// Prometheus scrapes by default (every 15 s, over one kept-alive connection: watch-rig.ts's prometheusScraper).
// The CLI polls three nodes' vault and a watch list of pending transfers and an address at its default interval
// (60 s, `watch vault` without --interval: what an operator runs); each 60 s window holds one poll and four
// scrapes. CPU from /proc/<pid>/stat, so only the CLI's own time is counted: the simulated nodes are other
// processes. Measured after the other figures, beside the other idle ones only (lib/suite.ts, Bench.idle).
//
// The figure is the watcher's standing cost, what it spends a minute for as long as it runs, so its windows
// start 10 minutes after the watcher did. Before then V8 is still compiling it: code that runs once a minute
// (a round) or four times (a scrape) reaches Turbofan only after many minutes, and `--trace-opt` showed 12–26
// functions optimized at every round of minutes 2–5, on V8's own threads, which /proc counts (a third of the
// CLI's CPU in those minutes). The first minutes are measured as well and said in the detail, beside the figure.
import { median } from './lib/stats'
import type { Bench } from './lib/suite'
import { histogramCount, startWatchRig } from './watch-rig'
import { demoChainRpc } from '../src/shared/demo-network'

const POLLS = 'bridgescope_node_request_duration_seconds'

/** The idle figure of `watch vault` with `extraArgs` (none: the plain vault watch), `what` saying them in the detail. */
function idleWatchBench(
  name: string,
  what: string,
  extraArgs?: (first: { baseUrl: string; rpcUrl: string }) => string[]
): Bench {
  return {
    figures: [{ name, unit: '%', budget: { op: '<=', target: 0.2 }, rooms: ['watch', 'cli'], slow: true }],
    // The CLI's own CPU time is what is measured; it and its idle nodes add next to nothing to the machine.
    idle: true,
    async run(ctx) {
      const scrapeMs = ctx.tiny ? 500 : 15_000
      const perWindow = 4
      const windows = ctx.tiny ? 2 : 5
      // 30 s for the first poll (baselines, stuck alerts for old pending transfers, module compilation), then
      // the warming minutes up to 10 minutes after start, measured as the figure's windows are but not the figure
      const firstScrapes = 2
      const warmupScrapes = ctx.tiny ? 2 : (10 * 60_000) / scrapeMs
      const rig = await startWatchRig(ctx.root, {
        tiny: ctx.tiny,
        ...(ctx.tiny ? { intervalSec: 2 } : {}),
        ...(extraArgs ? { extraArgs } : {})
      })
      try {
        const start = performance.now()
        const sleepUntil = (tick: number): Promise<void> =>
          new Promise((r) => setTimeout(r, Math.max(0, start + tick * scrapeMs - performance.now())))
        type Mark = { cpu: number; wall: number; polls: number }
        // a tick reads the CPU, then scrapes: a window ends where its last tick read the CPU, before that
        // tick's scrape, so it holds 4 scrapes
        const at = async (tick: number): Promise<Mark> => {
          await sleepUntil(tick)
          const cpu = rig.cpuMs()
          const wall = performance.now()
          const { text } = await rig.scrape()
          return { cpu, wall, polls: histogramCount(text, POLLS) }
        }
        const share = (begin: Mark, end: Mark): number => (100 * (end.cpu - begin.cpu)) / (end.wall - begin.wall)
        let tick = 0
        let last: Mark = { cpu: 0, wall: 0, polls: 0 }
        const warming: number[] = []
        let warmingFrom = last
        for (; tick <= warmupScrapes; tick++) {
          last = await at(tick)
          if (tick === firstScrapes) warmingFrom = last
          else if (tick > firstScrapes && (tick - firstScrapes) % perWindow === 0) {
            warming.push(share(warmingFrom, last))
            ctx.log(`watch idle: warming minute ${warming.length}: ${(last.cpu - warmingFrom.cpu).toFixed(0)} ms CPU = ${warming.at(-1)!.toFixed(3)} %`)
            warmingFrom = last
          }
        }
        if (last.polls === 0) throw new Error('the watcher has not polled during the warm-up')
        const pct: number[] = []
        const polls: number[] = []
        for (let w = 0; w < windows; w++) {
          const begin = last
          for (let k = 0; k < perWindow; k++, tick++) last = await at(tick)
          pct.push(share(begin, last))
          polls.push((last.polls - begin.polls) / rig.nodes)
          ctx.log(
            `watch idle: window ${w + 1}: ${(last.cpu - begin.cpu).toFixed(0)} ms CPU in ${((last.wall - begin.wall) / 1000).toFixed(1)} s = ${pct[w]!.toFixed(3)} %, polls ${polls[w]}`
          )
        }
        const interval =
          rig.intervalSec === null ? 'default interval (60 s)' : `interval ${rig.intervalSec} s`
        return {
          [name]: {
            value: median(pct),
            runs: pct,
            detail: `bridgescope watch vault --metrics${what}, ${interval}, ${rig.nodes} nodes, ${rig.watchedTransfers} pending transfers and 1 address watched, nothing changing; /metrics scraped every ${scrapeMs / 1000} s; CPU of the CLI process (/proc utime+stime, 10 ms ticks, every thread) over ${windows} windows of ${(perWindow * scrapeMs) / 1000} s after a ${(warmupScrapes * scrapeMs) / 1000} s warm-up; polls per window: ${polls.join(', ')}; runs ${Math.min(...pct).toFixed(3)}–${Math.max(...pct).toFixed(3)} %${warming.length === 0 ? '' : `; while V8 still compiles it (the ${warming.length} minutes from ${(firstScrapes * scrapeMs) / 1000} s after start): median ${median(warming).toFixed(3)} %, runs ${Math.min(...warming).toFixed(3)}–${Math.max(...warming).toFixed(3)} %`}`
          }
        }
      } finally {
        await rig.close()
      }
    }
  }
}

export const watchCpuBench = idleWatchBench('watch_idle_cpu_pct', '')

/**
 * keepers_watch_idle_cpu_pct: the same watch with the keepers' checks on, both of them, against the demo
 * network's keepers (21 maintainers each with a health server, the vault's router on its chain 56), standing
 * still as the rest of sim-child's network does (no node down, no slash points rising, the vault solvent): each
 * round reads the relay chain's contracts, every health server and the router's balance, and has nothing to say.
 */
export const keepersWatchCpuBench = idleWatchBench(
  'keepers_watch_idle_cpu_pct',
  ' --maintainers-check --solvency-check (21 maintainers and their health servers, the router on chain 56)',
  (first) => [
    '--maintainers-check',
    '--solvency-check',
    '--chain-rpc',
    `56=${demoChainRpc(first.baseUrl)['56'] ?? ''}`
  ]
)
