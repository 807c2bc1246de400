// "Lose nothing": every mutating channel changes only what it names, ids cannot reach a prototype, two
// instances on one data folder lose nothing, and newer files, unknown fields and one bad entry cost the user
// nothing. Driven through the real handler table, as IPC drives it.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { Channel, ChannelInput, ChannelResult } from '../../../../src/shared/contract'
import type { Result } from '../../../../src/shared/errors'
import type { AlertsView } from '../../../../src/shared/alerts'
import { defaultSettings, type Settings, type Watchlists } from '../../../../src/shared/schemas/settings'
import type { AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { testContext } from '../faults/rig'

const open: AppContext[] = []
afterEach(async () => {
  while (open.length) await open.pop()?.dispose()
})

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'bs-lose-'))

async function context(dataDir = tempDir()): Promise<AppContext> {
  const ctx = await testContext(dataDir, { transfers: 100, rotateEveryMs: null })
  open.push(ctx)
  return ctx
}

async function ask<C extends Channel>(ctx: AppContext, channel: C, input?: ChannelInput<C>): Promise<Result<ChannelResult<C>>> {
  return (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as Result<ChannelResult<C>>
}
async function must<C extends Channel>(ctx: AppContext, channel: C, input?: ChannelInput<C>): Promise<ChannelResult<C>> {
  const r = await ask(ctx, channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}

/** One user change: the field it owns, how it is made, and how to see that it is still there. */
interface Change {
  field: string
  make: (ctx: AppContext) => Promise<unknown>
  holds: (s: Settings, w: Watchlists, a: AlertsView) => boolean
}

/** a webhook sink with its URL still there (the URL lives beside settings: a change must not lose it) */
const hasSink = (a: AlertsView, id: string, check: (s: AlertsView['sinks'][number]) => boolean): boolean =>
  a.sinks.some((s) => s.id === id && s.storage !== 'missing' && check(s))

const settingsChange = (field: string, patch: ChannelInput<'settings:update'>, holds: Change['holds']): Change => ({
  field,
  make: (ctx) => must(ctx, 'settings:update', patch),
  holds
})
const hex = (n: number, len: number): string => n.toString(16).padStart(len, '0').slice(-len)

const changes: fc.Arbitrary<Change> = fc.oneof(
  fc.constantFrom('system', 'light', 'dark').map((theme) => settingsChange('theme', { theme }, (s) => s.theme === theme)),
  fc
    .tuple(fc.constantFrom('vaultSec', 'transfersSec', 'liveHistorySec'), fc.integer({ min: 5, max: 86_400 }))
    .map(([k, v]) => settingsChange(`pollIntervals.${k}`, { pollIntervals: { [k]: v } }, (s) => s.pollIntervals[k] === v)),
  fc.integer({ min: 1, max: 100 }).map((v) => settingsChange('unreachableAfterFailures', { unreachableAfterFailures: v }, (s) => s.unreachableAfterFailures === v)),
  fc.integer({ min: 1, max: 8760 }).map((v) => settingsChange('maxWatchAgeHours', { maxWatchAgeHours: v }, (s) => s.maxWatchAgeHours === v)),
  fc.integer({ min: 1, max: 10_000 }).map((v) => settingsChange('cacheLimitMb', { cacheLimitMb: v }, (s) => s.cacheLimitMb === v)),
  fc.boolean().map((v) => settingsChange('watchInBackground', { watchInBackground: v }, (s) => s.watchInBackground === v)),
  fc.boolean().map((v) => settingsChange('updates.enabled', { updates: { enabled: v } }, (s) => s.updates.enabled === v)),
  fc
    .tuple(fc.constantFrom('state', 'type'), fc.integer({ min: -3, max: 9 }), fc.string({ minLength: 1, maxLength: 20 }))
    .map(([kind, n, text]) =>
      settingsChange(`labels.${kind}.${n}`, { labels: { [kind]: { [String(n)]: text } } }, (s) => s.labels[kind][String(n)] === text)
    ),
  fc.integer({ min: 1, max: 100_000 }).map((v) => settingsChange('stuckThresholds.defaultMinutes', { stuckThresholds: { defaultMinutes: v } }, (s) => s.stuckThresholds.defaultMinutes === v)),
  fc
    .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 10_000 }))
    .map(([a, b, m]) => settingsChange(`stuckThresholds.routes.${a}-${b}`, { stuckThresholds: { routes: { [`${a}-${b}`]: m } } }, (s) => s.stuckThresholds.routes[`${a}-${b}`] === m)),
  fc
    .tuple(fc.constantFrom('transfers', 'tokens', 'vault'), fc.boolean())
    .map(([view, on]) => settingsChange(`liveMode.${view}`, { liveMode: { [view]: on } }, (s) => s.liveMode[view] === on)),
  fc.integer({ min: 1, max: 9999 }).map((n): Change => {
    const name = `Node ${n}`
    return {
      field: `profiles.${name}`,
      make: (ctx) => must(ctx, 'profiles:save', { id: `p${n}`, name, kind: 'custom', baseUrl: `https://bridge${n}.example/`, rpcUrls: [], timeoutMs: 9000, maxPageSize: 50 }),
      holds: (s) => s.profiles.some((p) => p.id === `p${n}` && p.timeoutMs === 9000 && p.maxPageSize === 50)
    }
  }),
  fc.integer({ min: 1, max: 0xffff }).map((n): Change => {
    const address = `0x${hex(n, 40)}`
    return {
      field: `watch.address.${address}`,
      make: (ctx) => must(ctx, 'watchlists:add', { kind: 'address', item: { address, chainIds: [1], label: 'mine' } }),
      holds: (_s, w) => w.addresses.some((a) => a.address === address && a.label === 'mine')
    }
  }),
  fc.integer({ min: 1, max: 0xffff }).map((n): Change => {
    const txHash = `0x${hex(n, 64)}`
    return {
      field: `watch.transfer.${txHash}`,
      make: (ctx) => must(ctx, 'watchlists:add', { kind: 'transfer', item: { txHash, label: 'pay' } }),
      holds: (_s, w) => w.transfers.some((t) => t.txHash === txHash)
    }
  }),
  fc.integer({ min: 1, max: 0xfff }).map((n): Change => {
    const epoch = `0x${n.toString(16)}`
    return {
      field: `watch.epoch.${epoch}`,
      make: (ctx) => must(ctx, 'watchlists:add', { kind: 'epoch', item: { epoch } }),
      holds: (_s, w) => w.epochs.some((e) => e.epoch === epoch)
    }
  }),
  // Settings → Alerts: a new sink, and a change of one sink's format; both keep their URLs.
  fc.integer({ min: 1, max: 9999 }).map((n): Change => ({
    field: `webhooks.w${n}`,
    make: (ctx) => must(ctx, 'alerts:save', { id: `w${n}`, url: `http://127.0.0.1:9/hooks/w${n}`, label: `hook ${n}` }),
    holds: (s, _w, a) => s.webhooks.some((x) => x.id === `w${n}` && x.label === `hook ${n}`) && hasSink(a, `w${n}`, (x) => x.label === `hook ${n}`)
  })),
  fc.constantFrom('json', 'slack', 'discord').map((format): Change => ({
    field: 'webhooks.fmt',
    make: async (ctx) => {
      if (!(await must(ctx, 'alerts:list')).sinks.some((x) => x.id === 'fmt')) await must(ctx, 'alerts:save', { id: 'fmt', url: 'http://127.0.0.1:9/hooks/fmt' })
      return must(ctx, 'alerts:save', { id: 'fmt', format })
    },
    holds: (_s, _w, a) => hasSink(a, 'fmt', (x) => x.format === format)
  })),
  // An import of the current export with one label changed: the file carries everything else as it is.
  fc.integer({ min: 100, max: 199 }).map((n): Change => ({
    field: `labels.state.${n}`,
    make: async (ctx) => {
      const file = JSON.parse((await must(ctx, 'data:export')).content) as { settings: Settings }
      file.settings.labels.state[String(n)] = 'imported'
      return must(ctx, 'data:import', { content: JSON.stringify(file) })
    },
    holds: (s) => s.labels.state[String(n)] === 'imported'
  }))
)

const hasId = (v: unknown): v is { id: string } => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'

/** settings and watch lists as path → value, to compare everything but one field; lists of things with an
 * id (profiles, webhooks) by id, so a change of one entry names that entry only */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value) && value.length > 0 && value.every(hasId)) {
    for (const v of value) flatten(v, `${prefix}.${v.id}`, out)
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out)
  } else out.set(prefix, JSON.stringify(value))
  return out
}

describe('a settings change keeps every other setting', () => {
  it('for any two changes of different fields on any mutating channel, the first survives the second', async () => {
    const ctx = await context()
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(changes, changes).filter(([a, b]) => a.field !== b.field),
        async ([first, second]) => {
          await first.make(ctx)
          await second.make(ctx)
          const s = await must(ctx, 'settings:get')
          const w = await must(ctx, 'watchlists:get')
          const a = await must(ctx, 'alerts:list')
          expect(first.holds(s, w, a)).toBe(true)
          expect(second.holds(s, w, a)).toBe(true)
        }
      ),
      { numRuns: 150 }
    )
  })

  it('a settings patch changes only the field it names: everything else is byte for byte as before', async () => {
    const ctx = await context()
    // Start from settings where nothing is at its default, so a reset to defaults cannot hide.
    await must(ctx, 'settings:update', {
      theme: 'dark',
      pollIntervals: { vaultSec: 301, transfersSec: 302, liveHistorySec: 303 },
      unreachableAfterFailures: 7,
      maxWatchAgeHours: 99,
      cacheLimitMb: 77,
      labels: { state: { '0': 'zero', '5': 'five' }, type: { '4': 'four' } },
      stuckThresholds: { defaultMinutes: 33, routes: { '1-56': 44 } },
      watchInBackground: false,
      updates: { enabled: true },
      liveMode: { transfers: true }
    })
    await must(ctx, 'alerts:save', { id: 'kept', url: 'http://127.0.0.1:9/hooks/kept', label: 'kept', format: 'discord', enabled: false })
    await fc.assert(
      fc.asyncProperty(changes.filter((c) => !c.field.startsWith('watch.') && !c.field.startsWith('profiles.')), async (change) => {
        const before = flatten(await must(ctx, 'settings:get'))
        await change.make(ctx)
        const after = flatten(await must(ctx, 'settings:get'))
        for (const [path, value] of before) {
          if (path === change.field || path.startsWith(`${change.field}.`)) continue
          expect({ path, value: after.get(path) }).toEqual({ path, value })
        }
        // the sink no change named keeps its URL (kept beside settings, in the secrets file)
        expect(hasSink(await must(ctx, 'alerts:list'), 'kept', (x) => x.label === 'kept')).toBe(true)
      }),
      { numRuns: 100 }
    )
  })

  it('null removes one label or route and nothing else', async () => {
    const ctx = await context()
    await must(ctx, 'settings:update', { labels: { state: { '0': 'a', '1': 'b' } }, stuckThresholds: { routes: { '1-56': 5, '56-1': 6 } } })
    const s = await must(ctx, 'settings:update', { labels: { state: { '0': null } }, stuckThresholds: { routes: { '56-1': null } } })
    expect(s.labels.state).toEqual({ '1': 'b' })
    expect(s.stuckThresholds.routes).toEqual({ '1-56': 5 })
  })

  it('a patch naming an unknown or read-only field is refused and changes nothing', async () => {
    const ctx = await context()
    const before = await must(ctx, 'settings:get')
    for (const bad of [{ version: 2 }, { profiles: [] }, { activeProfileId: 'x' }, { pollIntervals: { vaultSec: 1 } }, { nonsense: true }]) {
      const r = await ask(ctx, 'settings:update', bad as never)
      expect(r.ok).toBe(false)
    }
    expect(await must(ctx, 'settings:get')).toEqual(before)
  })
})

describe('identifiers cannot reach the prototype', () => {
  for (const id of ['__proto__', 'constructor', 'prototype', 'toString', 'a b', '../x', 'x'.repeat(65), '']) {
    it(`an import whose profile id is ${JSON.stringify(id.slice(0, 12))} is refused with a message, and nothing changes`, async () => {
      const ctx = await context()
      const before = await must(ctx, 'settings:get')
      const file = JSON.parse((await must(ctx, 'data:export')).content) as { settings: Settings }
      file.settings.profiles.push({ id, name: 'Hostile', kind: 'custom', baseUrl: 'https://h.example/', rpcUrls: [], timeoutMs: 15_000, maxPageSize: 100 })
      file.settings.activeProfileId = id
      const r = await ask(ctx, 'data:import', { content: JSON.stringify(file) })
      if (id === 'toString') {
        // a plain word is a fine id: accepted, and state keyed by Map treats it as any other
        expect(r.ok).toBe(true)
        return
      }
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(/id/)
      expect(await must(ctx, 'settings:get')).toEqual(before)
    })
  }

  it('a settings file holding such ids starts the app: the profile is dropped with a notice, the demo network is active', async () => {
    const dir = tempDir()
    const s = defaultSettings()
    const hostile = { ...s, activeProfileId: 'constructor', profiles: [...s.profiles, { ...s.profiles[0], id: 'constructor', name: 'C', kind: 'custom', baseUrl: 'https://c.example/' }] }
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(hostile))
    const ctx = await context(dir)
    const info = await must(ctx, 'app:info')
    expect(info.profile.id).toBe('demo')
    expect(info.notices.map((n) => n.message).join('\n')).toMatch(/profiles\.1/)
    expect((await must(ctx, 'settings:get')).profiles.map((p) => p.id)).toEqual(['demo'])
    expect(readdirSync(dir).some((n) => n.startsWith('settings.original-'))).toBe(true)
  })
})

describe('two writers lose nothing', () => {
  it('two instances on one data folder, changes interleaved: every change of both is there', async () => {
    const dir = tempDir()
    const a = await context(dir)
    const b = await context(dir)
    await must(a, 'settings:update', { theme: 'dark' })
    await must(b, 'settings:update', { labels: { state: { '7': 'seven' } } })
    await must(a, 'watchlists:add', { kind: 'address', item: { address: `0x${'a'.repeat(40)}`, chainIds: [1] } })
    await must(b, 'watchlists:add', { kind: 'transfer', item: { txHash: `0x${'b'.repeat(64)}` } })
    await must(a, 'settings:update', { stuckThresholds: { routes: { '1-56': 9 } } })
    await must(b, 'profiles:save', { name: 'Other', kind: 'custom', baseUrl: 'https://o.example/', rpcUrls: [], timeoutMs: 15_000, maxPageSize: 100 })
    for (const ctx of [a, b, await context(dir)]) {
      const s = await must(ctx, 'settings:get')
      const w = await must(ctx, 'watchlists:get')
      expect(s.theme).toBe('dark')
      expect(s.labels.state['7']).toBe('seven')
      expect(s.stuckThresholds.routes['1-56']).toBe(9)
      expect(s.profiles.map((p) => p.name)).toContain('Other')
      expect(w.addresses).toHaveLength(1)
      expect(w.transfers).toHaveLength(1)
    }
  })

  it('two windows watching one address on two chains at once: both chains are watched, the label kept', async () => {
    const dir = tempDir()
    const a = await context(dir)
    const b = await context(dir)
    const address = `0x${'c'.repeat(40)}`
    await must(a, 'watchlists:add', { kind: 'address', item: { address, chainIds: [1], label: 'treasury' } })
    await Promise.all([must(a, 'watchlists:addChain', { address: address.toUpperCase().replace('0X', '0x'), chainId: 56 }), must(b, 'watchlists:addChain', { address, chainId: 137 })])
    const again = await must(b, 'watchlists:addChain', { address, chainId: 56 })
    expect(again.addresses).toEqual([expect.objectContaining({ address, label: 'treasury' })])
    expect([...(again.addresses[0]?.chainIds ?? [])].sort((x, y) => x - y)).toEqual([1, 56, 137])
    const fresh = await must(a, 'watchlists:addChain', { address: `0x${'d'.repeat(40)}`, chainId: 10 })
    expect(fresh.addresses.find((w) => w.address === `0x${'d'.repeat(40)}`)).toMatchObject({ chainIds: [10], label: '' })
  })

  it('a lock left by a writer that died is broken, and a change goes through', async () => {
    const dir = tempDir()
    const a = await context(dir)
    writeFileSync(join(dir, 'settings.json.lock'), '999999999 0')
    expect((await must(a, 'settings:update', { theme: 'light' })).theme).toBe('light')
  })
})

describe('newer files, unknown fields, one bad entry', () => {
  it('a settings file from a newer version opens read-only with a notice and is never rewritten', async () => {
    const dir = tempDir()
    const newer = { ...defaultSettings(), version: 2, theme: 'dark', futureOption: { on: true } }
    const text = JSON.stringify(newer)
    writeFileSync(join(dir, 'settings.json'), text)
    const ctx = await context(dir)
    expect((await must(ctx, 'settings:get')).theme).toBe('dark')
    expect((await must(ctx, 'app:info')).notices[0]?.message).toMatch(/newer Bridgescope.*version 2/)
    const r = await ask(ctx, 'settings:update', { theme: 'light' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/newer/)
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(text)
    expect(readdirSync(dir).filter((n) => n.startsWith('settings.') && n !== 'settings.json')).toEqual([])
  })

  it('unknown fields are kept through a change, not stripped', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), fromTheFuture: [1, 2], pollIntervals: { vaultSec: 60, transfersSec: 30, liveHistorySec: 30, blocksSec: 9 } }))
    writeFileSync(join(dir, 'watchlists.json'), JSON.stringify({ addresses: [], transfers: [], epochs: [], pools: ['x'] }))
    const ctx = await context(dir)
    await must(ctx, 'settings:update', { theme: 'light' })
    await must(ctx, 'watchlists:add', { kind: 'epoch', item: { epoch: '0x5' } })
    const onDisk = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>
    expect(onDisk.fromTheFuture).toEqual([1, 2])
    expect((onDisk.pollIntervals as Record<string, unknown>).blocksSec).toBe(9)
    expect(onDisk.theme).toBe('light')
    expect((JSON.parse(readFileSync(join(dir, 'watchlists.json'), 'utf8')) as Record<string, unknown>).pools).toEqual(['x'])
  })

  it('one invalid watch entry: every valid entry is kept, the bad one is named, the original file is kept', async () => {
    const dir = tempDir()
    const good = (n: number) => ({ txHash: `0x${hex(n, 64)}`, label: `t${n}`, addedAt: 1 })
    const original = JSON.stringify({
      addresses: [{ address: `0x${'1'.repeat(40)}`, chainIds: [1] }, { address: 'not an address', chainIds: [1] }],
      transfers: [good(1), { txHash: '0x12' }, good(2)],
      epochs: [{ epoch: '0x3' }]
    })
    writeFileSync(join(dir, 'watchlists.json'), original)
    const ctx = await context(dir)
    const w = await must(ctx, 'watchlists:get')
    expect(w.addresses.map((a) => a.address)).toEqual([`0x${'1'.repeat(40)}`])
    expect(w.transfers.map((t) => t.label)).toEqual(['t1', 't2'])
    expect(w.epochs).toHaveLength(1)
    const notice = (await must(ctx, 'app:info')).notices.map((n) => n.message).join('\n')
    expect(notice).toMatch(/addresses\.1/)
    expect(notice).toMatch(/transfers\.1/)
    const kept = readdirSync(dir).find((n) => n.startsWith('watchlists.original-'))
    expect(kept && readFileSync(join(dir, kept), 'utf8')).toBe(original)
  })
})
