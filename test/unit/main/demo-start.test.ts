// On the demo profile a newcomer gets starter addresses (busiest first) and, on a first run only, the
// busiest of them watched with its history loaded for Charts. Other profiles get no starters, and a user
// who unwatches the demo address does not get it back at the next start.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StarterAddress, VolumeCharts } from '../../../src/shared/contract'
import type { Watchlists } from '../../../src/shared/schemas/settings'
import type { AppContext } from '../../../src/main/app-context'
import { testContext } from './faults/rig'
import { dispatch } from '../../../src/main/ipc/dispatch'

const open: AppContext[] = []
afterEach(async () => {
  while (open.length) await open.pop()?.dispose()
})

async function context(dataDir: string): Promise<AppContext> {
  const ctx = await testContext(dataDir, { transfers: 400, rotateEveryMs: null, watchOnFirstRun: true })
  open.push(ctx)
  return ctx
}

async function ask<T>(ctx: AppContext, channel: Parameters<typeof dispatch>[1], input?: unknown): Promise<T> {
  const r = (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as { ok: boolean; value: T }
  expect(r.ok).toBe(true)
  return r.value
}

describe('demo first run', () => {
  it('starters come busiest first; the first run watches the busiest and Charts shows its history', async () => {
    const ctx = await context(mkdtempSync(join(tmpdir(), 'bs-first-')))
    const starters = await ask<StarterAddress[]>(ctx, 'demo:starters')
    expect(starters.length).toBeGreaterThan(1)
    expect(starters.map((s) => s.transfers)).toEqual(starters.map((s) => s.transfers).sort((a, b) => b - a))
    const watched = ctx.settings.getWatchlists().addresses
    expect(watched).toEqual([expect.objectContaining({ address: starters[0]!.address, chainIds: [starters[0]!.chainId] })])
    const charts = await ask<VolumeCharts>(ctx, 'charts:volume', {})
    // the demo network moves: its busiest address gains transfers as it is read, so Charts (loaded after the
    // starters were counted) has at least as many
    expect(charts.transfers).toBeGreaterThanOrEqual(starters[0]!.transfers)
  })

  it('only the first run: an unwatched demo address stays unwatched after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-first-'))
    const first = await context(dir)
    const [w] = first.settings.getWatchlists().addresses
    first.settings.removeWatch('address', w!.address)
    await first.dispose()
    open.pop()
    const second = await context(dir)
    expect(second.settings.getWatchlists().addresses).toEqual([])
  })

  it('a profile other than the demo gets no starters', async () => {
    const ctx = await context(mkdtempSync(join(tmpdir(), 'bs-first-')))
    const saved = await ask<{ profiles: { id: string; kind: string }[] }>(ctx, 'profiles:save', { name: 'Mine', kind: 'custom', baseUrl: 'http://127.0.0.1:9', rpcUrls: [] })
    const mine = saved.profiles.find((p) => p.kind !== 'demo')!
    await ask(ctx, 'profiles:activate', { id: mine.id })
    expect(await ask<StarterAddress[]>(ctx, 'demo:starters')).toEqual([])
  })

  it("the demo's watched address stays on the demo profile: a real profile's Overview and Charts do not get it", async () => {
    const ctx = await context(mkdtempSync(join(tmpdir(), 'bs-first-')))
    const [demoWatch] = (await ask<Watchlists>(ctx, 'watchlists:get')).addresses
    expect(demoWatch).toBeDefined()
    const saved = await ask<{ profiles: { id: string; kind: string }[] }>(ctx, 'profiles:save', { name: 'Mine', kind: 'custom', baseUrl: 'http://127.0.0.1:9', rpcUrls: [] })
    const mine = saved.profiles.find((p) => p.kind !== 'demo')!
    await ask(ctx, 'profiles:activate', { id: mine.id })
    expect((await ask<Watchlists>(ctx, 'watchlists:get')).addresses).toEqual([])
    expect((await ask<VolumeCharts>(ctx, 'charts:volume', {})).transfers).toBe(0)
    // what must not change: back on the demo profile it is watched as before
    await ask(ctx, 'profiles:activate', { id: 'demo' })
    expect((await ask<Watchlists>(ctx, 'watchlists:get')).addresses.map((a) => a.address)).toEqual([demoWatch!.address])
    // a person who watches it on a profile of theirs watches it everywhere, like any address they watch
    await ask(ctx, 'profiles:activate', { id: mine.id })
    await ask(ctx, 'watchlists:add', { kind: 'address', item: { address: demoWatch!.address, chainIds: demoWatch!.chainIds } })
    expect((await ask<Watchlists>(ctx, 'watchlists:get')).addresses.map((a) => a.address)).toEqual([demoWatch!.address])
    await ask(ctx, 'profiles:activate', { id: 'demo' })
    expect((await ask<Watchlists>(ctx, 'watchlists:get')).addresses.map((a) => a.address)).toEqual([demoWatch!.address])
  })
})
