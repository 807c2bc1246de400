// Rough CPU cost of an idle watcher (issue 6; the benchmark budget is ≤ 1 % CPU at a 60 s interval).
// Runs the real watcher against a simulator in one process: the simulator runs here
// too (as the demo profile does), so the figure includes serving the requests. It polls at a short interval
// to get enough polls to measure, then scales the per-poll cost to the 60 s interval.
//   JITI_ALIAS='{"@shared":"'$PWD'/src/shared"}' npx jiti bench/watch-idle-cpu.ts [seconds] [pollSec]
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSettings } from '@shared/schemas/settings'
import { BridgeClient } from '../src/main/client/bridge-api'
import { startSimulator } from '../src/main/sim'
import { ActivityLog } from '../src/main/watch/activity-log'
import { WatchState } from '../src/main/watch/state'
import { Watcher } from '../src/main/watch/watcher'

const seconds = Number(process.argv[2] ?? 20)
const POLL_SEC = Number(process.argv[3] ?? 5)

function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

async function measure(label: string, ms: number): Promise<number> {
  const c0 = cpuMs()
  const t0 = performance.now()
  await new Promise((r) => setTimeout(r, ms))
  const used = cpuMs() - c0
  const pct = (100 * used) / (performance.now() - t0)
  console.log(`${label}: ${used.toFixed(1)} ms CPU in ${(ms / 1000).toFixed(0)} s = ${pct.toFixed(3)} %`)
  return used
}

const sim = await startSimulator({ seed: 1, transfers: 5000, rotateEveryMs: null })
const client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl] })
const sample = sim.sample()
const settings = { ...defaultSettings(), pollIntervals: { vaultSec: POLL_SEC, transfersSec: POLL_SEC, liveHistorySec: 30 } }
const dir = join(mkdtempSync(join(tmpdir(), 'watch-cpu-')), 'watch')
const addedAt = Date.now()
const watcher = new Watcher({
  profileId: 'bench',
  client,
  rpcUrls: [sim.rpcUrl],
  settings: () => settings,
  // pending transfers keep being polled; settled ones stop after their first poll
  targets: () => ({
    transfers: sample.txHashes.slice(-3).map((txHash) => ({ txHash, label: '', addedAt })),
    addresses: [{ address: sample.addresses[0]!.address, chainIds: [sample.addresses[0]!.chainId], label: '' }]
  }),
  state: await WatchState.open(dir),
  log: await ActivityLog.open(dir)
})

await measure('baseline (simulator only, no watcher)', seconds * 1000)
watcher.start()
await new Promise((r) => setTimeout(r, 1000)) // first poll (baselines, module warm-up) excluded
const before = sim.stats().requests
const used = await measure(`watcher polling every ${POLL_SEC} s`, seconds * 1000)
const after = sim.stats().requests
const polls = after.tss_getVault - before.tss_getVault
const perRound = used / Math.max(1, polls)
console.log(`requests in window: vault ${polls}, bridgeInfo ${after.queryBridgeInfo - before.queryBridgeInfo}, history ${after.queryHistory - before.queryHistory}`)
console.log(`≈ ${perRound.toFixed(2)} ms CPU per poll round → at a 60 s interval ≈ ${((100 * perRound) / 60_000).toFixed(4)} % CPU`)
await watcher.stop()
await sim.close()
