// The app's watcher runs the keepers' checks only once the settings turn them on, on the active profile's relay
// node and chain-check RPCs: the demo network's silent maintainer and lagging scanner become events (pushed, and
// in the activity log), each once however often it polls, and turning the checks off stops them.
import { afterEach, describe, expect, it } from 'vitest'
import { demoChainRpc } from '@shared/demo-network'
import type { EventName, EventPayload } from '../../../../src/shared/contract'
import type { WatchEvent } from '../../../../src/shared/watch'
import { createAppContext } from '../../../../src/main/app-context'
import { startSimulator } from '../../../support/simulator'
import { confFactory, tempDir } from '../faults/rig'
import { testDemo } from '../../../support/demo-plan'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c()
})

describe("the app's watch of the keepers", () => {
  it('says nothing of them until turned on; then the silent maintainer and the lagging scanner, once each', async () => {
    const sim = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
    cleanup.push(() => sim.close())
    const pushed: WatchEvent[] = []
    const ctx = await createAppContext({
      demo: testDemo(),
      dataDir: tempDir(),
      storeFactory: confFactory,
      shell: 'harness',
      version: 't',
      broadcast: <E extends EventName>(event: E, payload: EventPayload<E>) => {
        if (event === 'watch:event') pushed.push(payload as WatchEvent)
      },
      // no scheduled polls: the test polls by re-checking
      watch: { timers: { setTimeout: () => 0, clearTimeout: () => undefined } }
    })
    cleanup.push(() => ctx.dispose())
    ctx.settings.saveProfile({
      id: 'sim',
      name: 'Sim',
      baseUrl: sim.baseUrl,
      rpcUrls: [sim.rpcUrl],
      timeoutMs: 5000,
      maxPageSize: 100,
      chainCheck: { enabled: true, rpc: demoChainRpc(sim.baseUrl) }
    })
    ctx.settings.activate('sim')
    await ctx.watch.restart()
    const keeperKinds = (): string[] => pushed.map((e) => e.kind).filter((k) => k.startsWith('keeper-') || k.startsWith('vault-s'))
    for (let i = 0; i < 3; i++) await ctx.watch.recheck()
    expect(keeperKinds()).toEqual([])

    ctx.settings.update({ keepersWatch: { maintainers: true, solvency: true } })
    await ctx.watch.restart()
    for (let i = 0; i < 5; i++) await ctx.watch.recheck()
    const said = keeperKinds()
    for (const k of ['keeper-heartbeat-stale', 'keeper-node-down', 'keeper-scanner-lagging']) expect(said.filter((x) => x === k), k).toHaveLength(1)
    const down = pushed.find((e) => e.kind === 'keeper-node-down')
    expect(down?.title).toMatch(/^Maintainer 0x4[dD]4[dD]…4[dD]05: node not answering$/)
    expect(down && ctx.watch.readLog({ limit: 1000 }).some((e) => e.id === down.id)).toBe(true)

    ctx.settings.update({ keepersWatch: { maintainers: false, solvency: false } })
    await ctx.watch.restart()
    const before = pushed.length
    for (let i = 0; i < 3; i++) await ctx.watch.recheck()
    expect(pushed.slice(before).filter((e) => e.kind.startsWith('keeper-'))).toEqual([])
  })
})
