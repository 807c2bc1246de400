// The demo network speaks every dialect from the same transfers, and its built-in profile lets the user pick
// which: the same hashes and states come back in Butter's and Bridge Scan's own terms, a cached answer of one
// dialect is never served as another's, and nothing else of the built-in profile can change.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppContext } from '../../../src/main/app-context'
import { dispatch } from '../../../src/main/ipc/dispatch'
import { DEMO_PROFILE_ID } from '../../../src/shared/profile-ids'
import type { Settings } from '../../../src/shared/schemas/settings'
import type { Sourced, StarterAddress } from '../../../src/shared/contract'
import type { RowPage } from '../../../src/shared/table-row'
import { testContext } from './faults/rig'

let ctx: AppContext
beforeAll(async () => {
  ctx = await testContext(mkdtempSync(join(tmpdir(), 'bs-demo-dialect-')), { transfers: 400, rotateEveryMs: null })
})
afterAll(async () => {
  await ctx?.dispose()
})

type Reply<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string; field?: string } }
const call = async <T>(channel: Parameters<typeof dispatch>[1], input?: unknown): Promise<Reply<T>> =>
  (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as Reply<T>
async function ask<T>(channel: Parameters<typeof dispatch>[1], input?: unknown): Promise<T> {
  const r = await call<T>(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}
const demoOf = (s: Settings) => s.profiles.find((p) => p.id === DEMO_PROFILE_ID)!

describe("the demo profile's dialect", () => {
  it('switches the service the app talks to: the same transfers, each dialect in its own terms, no cache crossing over', async () => {
    // a quiet address (the busiest one gains transfers as it is read)
    const starters = await ask<StarterAddress[]>('demo:starters')
    const quiet = starters[starters.length - 1]!
    const query = { address: quiet.address, chainId: quiet.chainId, pageNo: 1, pageSize: 20 }
    const mcs = await ask<Sourced<RowPage>>('history:page', { ...query, prefer: 'network' })
    expect(mcs.data.list.length).toBeGreaterThan(0)
    const hashes = mcs.data.list.map((r) => r.hash)

    const before = demoOf(ctx.settings.get())
    const switched = await ask<Settings>('profiles:demoDialect', { dialect: 'butter' })
    // what must not change: every other field of the built-in profile, and which profile is active
    expect({ ...demoOf(switched), dialect: undefined }).toEqual({ ...before, dialect: undefined })
    expect(demoOf(switched).dialect).toBe('butter')
    expect(switched.activeProfileId).toBe(before.id)

    // asked cache-first right after the switch: not the original dialect's cached page
    const butter = await ask<Sourced<RowPage>>('history:page', { ...query, prefer: 'cache' })
    expect(butter.source).toBe('network')
    expect(butter.data.list.map((r) => r.hash)).toEqual(hashes)
    expect(butter.data.list.every((r) => r.dialect === 'butter')).toBe(true)
    // Butter never sends 2 or 3: the demo tells those rare transfers as its refund (6) and incomplete (4)
    expect(butter.data.list.map((r) => r.state.number)).toEqual(mcs.data.list.map((r) => ({ 2: 6, 3: 4 })[r.state.number as number] ?? r.state.number))

    await ask<Settings>('profiles:demoDialect', { dialect: 'mapscan' })
    const scan = await ask<Sourced<RowPage>>('history:page', { ...query, prefer: 'cache' })
    expect(scan.source).toBe('network')
    expect(scan.data.list.map((r) => r.hash)).toEqual(hashes)
    expect(scan.data.list.every((r) => r.dialect === 'mapscan' && r.sent.value === null && r.sent.wire === null)).toBe(true)

    // back on the original dialect, its own cached page is there again, as it was
    await ask<Settings>('profiles:demoDialect', { dialect: 'mcs' })
    const again = await ask<Sourced<RowPage>>('history:page', { ...query, prefer: 'cache' })
    expect(again.source).toBe('cache')
    expect(again.data).toEqual(mcs.data)
  })

  it('refuses a dialect it does not know, naming it, and keeps what was stored; the rest of the demo stays built in', async () => {
    const stored = ctx.settings.get()
    const bad = await call('profiles:demoDialect', { dialect: 'graphql' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(`${bad.error.field ?? ''} ${bad.error.message}`).toMatch(/dialect/)
    expect(ctx.settings.get()).toEqual(stored)
    const edit = await call('profiles:save', { ...demoOf(stored), name: 'Renamed demo' })
    expect(edit.ok).toBe(false)
    expect(ctx.settings.get()).toEqual(stored)
  })
})
