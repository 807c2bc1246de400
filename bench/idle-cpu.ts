// idle_cpu_pct: main-process CPU while the app sits idle watching the vault at a 60 s interval, nothing
// changing. The harness's main process (same app context as Electron's main, watcher included) runs in a
// child; it measures its own process.cpuUsage() over whole 60 s windows, each of which holds one poll.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startChild } from './lib/child'
import { median } from './lib/stats'
import type { Bench } from './lib/suite'

interface Window {
  cpuMs: number
  wallMs: number
  watching: boolean
  polled: boolean
}

export const idleCpuBench: Bench = {
  figures: [{ name: 'idle_cpu_pct', unit: '%', budget: { op: '<=', target: 1 }, rooms: ['web', 'watch'], slow: true }],
  // The child's own CPU time is what is measured, after the other figures (lib/suite.ts, Bench.idle).
  idle: true,
  async run(ctx) {
    const windows = ctx.tiny ? 1 : 5
    const windowMs = ctx.tiny ? 3000 : 60_000
    const warmupMs = ctx.tiny ? 1000 : 10_000
    const harnessUrl = pathToFileURL(join(ctx.root, 'out', 'node', 'harness.js')).href
    const child = await startChild<{ pid: number; vaultSec: number }>(ctx.root, 'idle-child.js', [harnessUrl, String(windows), String(windowMs), String(warmupMs)])
    try {
      const pct: number[] = []
      const seen: Window[] = []
      for (let w = 0; w < windows; w++) {
        const m = await child.next<Window>()
        seen.push(m)
        pct.push((100 * m.cpuMs) / m.wallMs)
        ctx.log(`idle: window ${w + 1}: ${m.cpuMs.toFixed(0)} ms CPU in ${(m.wallMs / 1000).toFixed(1)} s = ${pct[w]!.toFixed(3)} %${m.polled ? ', vault polled' : ''}`)
      }
      const watching = seen.every((m) => m.watching)
      return {
        idle_cpu_pct: {
          value: median(pct),
          runs: pct,
          detail: `harness main process with its demo network (5,000 transfers, no rotation)${watching ? `, watcher running at vaultSec ${child.hello.vaultSec}` : ', watcher NOT running'}; ${windows} windows of ${windowMs / 1000} s after ${warmupMs / 1000} s warm-up; windows with a poll: ${seen.filter((m) => m.polled).length}`
        }
      }
    } finally {
      await child.stop()
    }
  }
}
