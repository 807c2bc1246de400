// The handler table as the renderer sees it (dispatch → services → client → simulator over real HTTP):
// offline browsing from the cache, errors with cached copies, profile isolation, the cache bound.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, describe, expect, it } from 'vitest'
import type { Channel, ChannelInput, ChannelResult } from '../../../src/shared/contract'
import type { AppErrorData, Result } from '../../../src/shared/errors'
import { createAppContext, type AppContext } from '../../../src/main/app-context'
import { dispatch } from '../../../src/main/ipc/dispatch'
import { startSimulator, type Simulator } from '../../support/simulator'
import { testDemo } from '../../support/demo-plan'

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  while (open.length) await open.pop()?.close()
})

async function sim(opts: Parameters<typeof startSimulator>[0] = {}): Promise<Simulator> {
  const s = await startSimulator({ transfers: 500, rotateEveryMs: null, ...opts })
  open.push(s)
  return s
}

async function context(dataDir = mkdtempSync(join(tmpdir(), 'bs-ctx-'))): Promise<AppContext> {
  const ctx = await createAppContext({
    dataDir,
    storeFactory: ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false }),
    shell: 'harness',
    version: 'test',
    broadcast: () => undefined,
    demo: testDemo({ transfers: 300, rotateEveryMs: null }),
    watch: { enabled: false }
  })
  open.push({ close: () => ctx.dispose() })
  return ctx
}

async function ask<C extends Channel>(ctx: AppContext, channel: C, input?: ChannelInput<C>): Promise<Result<ChannelResult<C>>> {
  return (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as Result<ChannelResult<C>>
}

async function value<C extends Channel>(ctx: AppContext, channel: C, input?: ChannelInput<C>): Promise<ChannelResult<C>> {
  const r = await ask(ctx, channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}

function useProfile(ctx: AppContext, s: Simulator, name: string, timeoutMs = 2000): string {
  const saved = ctx.settings.saveProfile({ name, kind: 'custom', baseUrl: s.baseUrl, rpcUrls: [s.rpcUrl], timeoutMs, maxPageSize: 100 })
  const id = saved.profiles.find((p) => p.name === name)?.id as string
  ctx.settings.activate(id)
  return id
}

describe('app context through the handler table', () => {
  it('browses tokens and chains offline after one online fetch, with the simulator stopped', async () => {
    const s = await sim()
    const ctx = await context()
    useProfile(ctx, s, 'Local')
    const online = await value(ctx, 'tokens:list', { prefer: 'network' })
    const chains = await value(ctx, 'chains:list', { prefer: 'network' })
    expect(online.source).toBe('network')
    await s.close()

    const tokens = await value(ctx, 'tokens:list', { prefer: 'network' })
    expect(tokens.source).toBe('cache')
    expect(tokens.data).toEqual(online.data)
    expect(tokens.stale).toBe(true)
    expect(tokens.error?.kind).toMatch(/network|timeout/)
    expect(tokens.error?.operation).toBe('queryTokenList')
    const cachedChains = await value(ctx, 'chains:list', { prefer: 'cache' })
    expect(cachedChains).toMatchObject({ source: 'cache', data: chains.data })
    expect(cachedChains.error).toBeUndefined()
  })

  it('with no cached copy a failed fetch is a clear error', async () => {
    const s = await sim()
    const ctx = await context()
    useProfile(ctx, s, 'Local')
    s.setFaults('queryChainList', { envelope: { code: 500, message: 'database is down' } })
    const r = await ask(ctx, 'chains:list', { prefer: 'network' })
    expect(r.ok).toBe(false)
    const error = (r as { error: AppErrorData }).error
    expect(error).toMatchObject({ kind: 'api', code: 500, operation: 'queryChainList' })
    expect(error.message).toContain('database is down')
  })

  it('keeps two profiles apart: one profile never sees the other one cached data', async () => {
    const a = await sim({ seed: 1 })
    const b = await sim({ seed: 2 })
    const ctx = await context()
    useProfile(ctx, a, 'A')
    const fromA = await value(ctx, 'chains:list', { prefer: 'network' })
    const idB = useProfile(ctx, b, 'B')
    await b.close()
    const r = await ask(ctx, 'chains:list', { prefer: 'cache' })
    expect(r.ok).toBe(false)
    expect(ctx.settings.activeProfile().id).toBe(idB)
    // and A's copy is still there for A
    ctx.settings.activate(ctx.settings.get().profiles.find((p) => p.name === 'A')?.id as string)
    expect((await value(ctx, 'chains:list', { prefer: 'cache' })).data).toEqual(fromA.data)
  })

  it('refuses IPC input that fails validation before anything is sent', async () => {
    const s = await sim()
    const ctx = await context()
    useProfile(ctx, s, 'Local')
    const before = s.stats().requests.queryHistory
    const r = await ask(ctx, 'history:page', { address: '0xnope', chainId: 1 })
    expect(r).toMatchObject({ ok: false, error: { kind: 'input', field: 'address' } })
    const r2 = await ask(ctx, 'history:page', { address: '0x' + '1'.repeat(40), chainId: 1, pageSize: 5000 })
    expect(r2).toMatchObject({ ok: false, error: { kind: 'input', field: 'pageSize' } })
    expect(s.stats().requests.queryHistory).toBe(before)
  })

  it('holds the cache bound while loading a 1,000,000-transfer history', async () => {
    const s = await sim({ transfers: 1_000_000 })
    const ctx = await context()
    useProfile(ctx, s, 'Big', 15_000)
    await value(ctx, 'settings:update', { cacheLimitMb: 1 })
    const heavy = s.sample().addresses[0] as { address: string; chainId: number; count: number }
    expect(heavy.count).toBeGreaterThan(50_000)
    for (let page = 1; page <= 40; page++) {
      await value(ctx, 'history:page', { address: heavy.address, chainId: heavy.chainId, pageNo: page, pageSize: 100 })
    }
    const stats = await value(ctx, 'cache:stats')
    expect(stats.limitBytes).toBe(1024 * 1024)
    expect(stats.bytes).toBeLessThanOrEqual(stats.limitBytes)
    expect(stats.entries).toBeGreaterThan(0)
    // the most recent page is still served from the cache
    const last = await value(ctx, 'history:page', { address: heavy.address, chainId: heavy.chainId, pageNo: 40, pageSize: 100, prefer: 'cache' })
    expect(last.source).toBe('cache')
    expect(last.data.list).toHaveLength(100)
  })

  it('loads a whole history with progress, then pages sorted and filtered windows from main', async () => {
    const s = await sim({ transfers: 3000 })
    const ctx = await context()
    useProfile(ctx, s, 'Local')
    const heavy = s.sample().addresses[0] as { address: string; chainId: number; count: number }
    const progress: number[] = []
    const r = (await dispatch(ctx.handlers, 'history:loadAll', { jobId: 'j1', address: heavy.address, chainId: heavy.chainId, pageSize: 50 }, {
      emit: (event, payload) => {
        if (event === 'history:progress') progress.push((payload as { loaded: number }).loaded)
      }
    })) as Result<ChannelResult<'history:loadAll'>>
    expect(r.ok).toBe(true)
    const loaded = (r as { value: ChannelResult<'history:loadAll'> }).value
    expect(loaded.loaded).toBe(heavy.count)
    expect(progress.length).toBeGreaterThan(1)
    const window = await value(ctx, 'history:rows', { datasetId: loaded.datasetId, offset: 0, limit: 20, sort: { key: 'timestamp', dir: 'asc' } })
    expect(window.rows).toHaveLength(20)
    expect(window.total).toBe(heavy.count)
    const times = window.rows.map((row) => row.times.sent)
    expect([...times].sort()).toEqual(times)
    const symbol = window.rows[0]?.sent.token?.symbol as string
    const filtered = await value(ctx, 'history:rows', { datasetId: loaded.datasetId, offset: 0, limit: 500, filter: { token: symbol } })
    expect(filtered.matched).toBeGreaterThan(0)
    expect(filtered.rows.every((row) => row.sent.token?.symbol === symbol)).toBe(true)
    // scrolled far down, then a filter leaves fewer rows: the last rows come back at once, with their offset
    const all = await value(ctx, 'history:rows', { datasetId: loaded.datasetId, offset: 0, limit: 500, filter: { token: symbol } })
    const pastEnd = await value(ctx, 'history:rows', { datasetId: loaded.datasetId, offset: filtered.matched + 5000, limit: 30, filter: { token: symbol } })
    expect(pastEnd.offset).toBe(Math.max(0, filtered.matched - 30))
    expect(pastEnd.rows.map((r) => r.hash)).toEqual(all.rows.slice(pastEnd.offset, filtered.matched).map((r) => r.hash))
    expect(pastEnd.matched).toBe(filtered.matched)
    // an offset inside the view is answered as asked
    const inside = await value(ctx, 'history:rows', { datasetId: loaded.datasetId, offset: 1, limit: 2, filter: { token: symbol } })
    expect(inside.offset).toBe(1)
    expect(inside.rows.map((r) => r.hash)).toEqual(all.rows.slice(1, 3).map((r) => r.hash))
    const csv = await value(ctx, 'history:export', { datasetId: loaded.datasetId, format: 'csv', filter: { token: symbol } })
    expect(csv.rows).toBe(filtered.matched)
    expect(csv.content.trim().split('\n')).toHaveLength(filtered.matched + 1)
  })

  it('draws charts from the cached history of watched addresses after a restart, with the network down', async () => {
    const s = await sim({ transfers: 2000 })
    const dataDir = mkdtempSync(join(tmpdir(), 'bs-ctx-'))
    const first = await context(dataDir)
    const id = useProfile(first, s, 'Local')
    const heavy = s.sample().addresses[0] as { address: string; chainId: number; count: number }
    const loaded = await value(first, 'history:loadAll', { jobId: 'c', address: heavy.address, chainId: heavy.chainId, pageSize: 100 })
    const live = await value(first, 'charts:volume')
    expect(live.transfers).toBe(loaded.loaded)
    first.settings.addWatch('address', { address: heavy.address, chainIds: [heavy.chainId], label: 'ops' })
    await first.dispose()
    await s.close()

    const second = await context(dataDir)
    second.settings.activate(id)
    const charts = await value(second, 'charts:volume')
    expect(charts.transfers).toBe(live.transfers)
    expect(charts.byToken).toEqual(live.byToken)
    expect(charts.daily.labels.length).toBeGreaterThan(0)
  })

  it('a loaded history larger than half the cache is not cached, so it pushes out neither the token list nor itself', async () => {
    const s = await sim({ transfers: 20_000 })
    const ctx = await context()
    useProfile(ctx, s, 'Local')
    await value(ctx, 'settings:update', { cacheLimitMb: 3 })
    await value(ctx, 'tokens:list', { prefer: 'network' })
    const before = await value(ctx, 'cache:stats')
    const heavy = s.sample().addresses[0] as { address: string; chainId: number; count: number }
    const loaded = await value(ctx, 'history:loadAll', { jobId: 'big', address: heavy.address, chainId: heavy.chainId, pageSize: 100 })
    expect(loaded.loaded).toBeGreaterThan(1000)
    const after = await value(ctx, 'cache:stats')
    expect(after.bytes).toBeLessThan(after.limitBytes)
    expect(after.entries).toBeGreaterThanOrEqual(before.entries)
    await s.close()
    const offline = await value(ctx, 'tokens:list', { prefer: 'network' })
    expect(offline.source).not.toBe('network')
    expect(Object.keys(offline.data).length).toBeGreaterThan(0)
  })
})
