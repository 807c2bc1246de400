// The app's watcher feeds its events to the webhook sinks of Settings → Alerts: in order, as JSON
// documents, to receivers on 127.0.0.1; a hanging receiver never delays the next poll; a failure lands in the
// activity log and the panel's status without the URL's token.
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AlertDeliveryNotice } from '../../../../src/shared/alerts'
import type { EventName, EventPayload } from '../../../../src/shared/contract'
import { createAppContext, type AppContext } from '../../../../src/main/app-context'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { confFactory, tempDir } from '../faults/rig'
import { testDemo } from '../../../support/demo-plan'

const TOKEN = 'hookT0ken0123456789'

interface Receiver {
  url: string
  bodies: { event: string; message: string; at: string; data: { id: string } }[]
  server: Server
}
async function receiver(answer: () => number | null): Promise<Receiver> {
  const bodies: Receiver['bodies'] = []
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      const status = answer()
      if (status === null) return // hangs
      bodies.push(JSON.parse(text) as Receiver['bodies'][number])
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const addr = server.address()
  return {
    url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hooks/${TOKEN}`,
    bodies,
    server
  }
}

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

/** An app context watching its own simulator, polls stepped by hand (timers never fire on their own). */
async function app(sinkTimeoutMs = 10_000): Promise<{ ctx: AppContext; sim: Simulator; pushed: AlertDeliveryNotice[] }> {
  const sim = await startSimulator({ seed: 3, transfers: 20, rotateEveryMs: null })
  const pushed: AlertDeliveryNotice[] = []
  const ctx = await createAppContext({ demo: testDemo(),
    dataDir: tempDir(),
    storeFactory: confFactory,
    shell: 'harness',
    version: 't',
    broadcast: <E extends EventName>(event: E, payload: EventPayload<E>) => {
      if (event === 'alerts:delivery') pushed.push(payload as AlertDeliveryNotice)
    },
    watch: { timers: { setTimeout: () => 0, clearTimeout: () => undefined } },
    alertSink: { attempts: 2, baseDelayMs: 10, timeoutMs: sinkTimeoutMs }
  })
  cleanup.push(() => sim.close())
  cleanup.push(() => ctx.dispose())
  ctx.settings.saveProfile({
    id: 'sim',
    name: 'Sim',
    baseUrl: sim.baseUrl,
    rpcUrls: [sim.rpcUrl],
    timeoutMs: 3000,
    maxPageSize: 100
  })
  ctx.settings.activate('sim')
  await ctx.watch.restart()
  await ctx.watch.recheck() // baseline
  return { ctx, sim, pushed }
}

describe('the app watcher and its webhook sinks', () => {
  it('every event reaches an enabled sink in order as one JSON document; a disabled sink gets none', async () => {
    const { ctx, sim } = await app()
    const on = await receiver(() => 200)
    const off = await receiver(() => 200)
    cleanup.push(
      () => new Promise((r) => on.server.close(r)),
      () => new Promise((r) => off.server.close(r))
    )
    await ctx.alerts.save({ url: on.url, label: 'on' })
    await ctx.alerts.save({ url: off.url, label: 'off', enabled: false })
    for (let i = 0; i < 3; i++) {
      sim.rotateVault()
      await ctx.watch.recheck()
    }
    const events = ctx.watch.readLog({ limit: 10 }).reverse()
    expect(events.map((e) => e.kind)).toEqual(['vault-change', 'vault-change', 'vault-change'])
    await vi.waitFor(() => expect(on.bodies).toHaveLength(3), { timeout: 120_000 })
    expect(on.bodies.map((b) => b.data.id)).toEqual(events.map((e) => e.id))
    expect(on.bodies[0]).toMatchObject({
      event: 'vault-change',
      message: `${events[0]!.title}: ${events[0]!.body}`,
      at: new Date(events[0]!.at).toISOString()
    })
    expect(off.bodies).toEqual([])
    expect((await ctx.alerts.list()).sinks.map((s) => [s.label, s.last?.ok ?? null])).toEqual([
      ['on', true],
      ['off', null]
    ])
  })

  it('a hanging receiver never delays the next poll', async () => {
    // The receiver holds every POST, and the sink waits two minutes for it: the deliveries stay pending for
    // the whole test, so polls that finish before any delivery outcome did not wait for one.
    const { ctx, sim, pushed } = await app(120_000)
    let held = 0
    const hang = await receiver(() => {
      held++
      return null
    })
    cleanup.push(async () => {
      hang.server.closeAllConnections()
      await new Promise((r) => hang.server.close(r))
    })
    await ctx.alerts.save({ url: hang.url })
    sim.rotateVault()
    await ctx.watch.recheck()
    await vi.waitFor(() => expect(held).toBe(1), { timeout: 120_000 })
    const before = sim.stats().requests.tss_getVault
    sim.rotateVault()
    await ctx.watch.recheck()
    await ctx.watch.recheck()
    expect(sim.stats().requests.tss_getVault).toBeGreaterThanOrEqual(before + 2)
    expect(ctx.watch.readLog({ limit: 10 }).filter((e) => e.kind === 'vault-change')).toHaveLength(2)
    // the first change's POST is still held: no delivery has an outcome yet
    expect(pushed).toEqual([])
  })

  it('a receiver that keeps failing: the failure is in the activity log and the panel, without the token', async () => {
    const { ctx, sim, pushed } = await app()
    const broken = await receiver(() => 500)
    cleanup.push(() => new Promise((r) => broken.server.close(r)))
    const id = (await ctx.alerts.save({ url: broken.url, label: 'pager' })).sinks[0]!.id
    sim.rotateVault()
    await ctx.watch.recheck()
    await vi.waitFor(
      () => expect(ctx.watch.readLog({ limit: 10 }).some((e) => e.kind === 'alert-failed')).toBe(true),
      { timeout: 120_000 }
    )
    const failed = ctx.watch.readLog({ limit: 10 }).find((e) => e.kind === 'alert-failed')!
    expect(failed).toMatchObject({
      kind: 'alert-failed',
      sinkId: id,
      title: 'Alert not delivered',
      body: 'Webhook pager: HTTP 500 Internal Server Error',
      profileId: 'sim'
    })
    expect(pushed.at(-1)).toMatchObject({
      id,
      delivery: { ok: false, reason: 'HTTP 500 Internal Server Error', test: false }
    })
    expect((await ctx.alerts.list()).sinks[0]?.last).toMatchObject({
      ok: false,
      reason: 'HTTP 500 Internal Server Error'
    })
    expect(JSON.stringify(ctx.watch.readLog({ limit: 100 }))).not.toContain(TOKEN)
    // the failure is not itself sent to the sinks (2 attempts of one event, nothing more)
    expect(broken.bodies).toHaveLength(2)
  })
})
