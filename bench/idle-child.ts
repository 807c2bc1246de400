// The process idle_cpu_pct measures: the browser harness's main process (the same app context Electron's
// main builds: stores, cache, demo network, the vault/transfer watcher polling every 60 s), with nothing
// changing (vault rotation off) and no page open. Prints {pid} when started, then one line per window:
// {cpuMs, wallMs, polls} from process.cpuUsage(); exits after the last.
//   node out/bench/idle-child.js <harness.js URL> <windows> <windowMs> <warmupMs>
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WatchStatus } from '../src/shared/watch'
import type { Harness, HarnessOptions } from '../test/support/harness'

const [harnessUrl = '', windowsArg = '1', windowArg = '60000', warmupArg = '10000'] = process.argv.slice(2)
const { startHarness } = (await import(harnessUrl)) as { startHarness: (o: HarnessOptions) => Promise<Harness> }
const dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-idle-'))
const harness = await startHarness({ dataDir, demo: { transfers: 5000, rotateEveryMs: null } })
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

async function status(): Promise<WatchStatus | null> {
  const handler = (harness.context.handlers as unknown as Record<string, ((input: unknown, ctx: unknown) => unknown) | undefined>)['watch:status']
  if (!handler) return null
  return (await handler(undefined, { emit: () => undefined })) as WatchStatus
}

process.stdout.write(`${JSON.stringify({ pid: process.pid, vaultSec: harness.context.settings.get().pollIntervals.vaultSec })}\n`)
await sleep(Number(warmupArg)) // start-up, the first poll, module compilation
for (let w = 0; w < Number(windowsArg); w++) {
  const before = await status()
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  await sleep(Number(windowArg))
  const c = process.cpuUsage(c0)
  const wallMs = performance.now() - t0
  const after = await status()
  process.stdout.write(
    `${JSON.stringify({ cpuMs: (c.user + c.system) / 1000, wallMs, watching: after?.running ?? false, polled: before?.lastPollAt !== after?.lastPollAt, epoch: after?.vault?.epoch ?? null })}\n`
  )
}
await harness.close()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
