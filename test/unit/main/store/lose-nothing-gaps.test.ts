// Changes keep what they do not name, and files from newer versions are left alone, through the handler table only (no store internals), for the cases a merge-patch of
// settings alone does not cover: a profile edit, a re-added watch entry, a newer watch-list file.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultSettings, type Settings, type Watchlists } from '../../../../src/shared/schemas/settings'
import { createAppContext, type AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { confFactory, tempDir } from '../faults/rig'
import { testDemo } from '../../../support/demo-plan'

async function start(dir: string): Promise<AppContext> {
  return createAppContext({ demo: testDemo(), dataDir: dir, storeFactory: confFactory, shell: 'harness', version: 't', broadcast: () => undefined, watch: { enabled: false } })
}
async function call<T>(ctx: AppContext, channel: string, input?: unknown): Promise<{ ok: boolean; value?: T }> {
  return (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as { ok: boolean; value?: T }
}
const custom = { id: 'main', name: 'Main', kind: 'custom', baseUrl: 'https://bridge.example/', rpcUrls: [], timeoutMs: 7000, maxPageSize: 50 }

describe('profiles and watch entries lose nothing', () => {
  it('a profile edit that does not name timeout or page size keeps them; a field unknown to this version survives the edit', async () => {
    const dir = tempDir('bs-gap-profile-')
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), profiles: [defaultSettings().profiles[0], { ...custom, color: 'red' }] }))
    const ctx = await start(dir)
    const r = await call<Settings>(ctx, 'profiles:save', { id: 'main', name: 'Renamed', baseUrl: 'https://bridge.example/', rpcUrls: [] })
    expect(r.ok).toBe(true)
    expect(r.value?.profiles.find((p) => p.id === 'main')).toMatchObject({ name: 'Renamed', timeoutMs: 7000, maxPageSize: 50, color: 'red' })
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).profiles[1]).toMatchObject({ timeoutMs: 7000, color: 'red' })
    await ctx.dispose()
  })

  it('re-adding a watched transfer without a label keeps its label and when it was added', async () => {
    const ctx = await start(tempDir('bs-gap-watch-'))
    const txHash = '0x' + 'ab'.repeat(32)
    const first = await call<Watchlists>(ctx, 'watchlists:add', { kind: 'transfer', item: { txHash, label: 'big one' } })
    const addedAt = first.value?.transfers[0]?.addedAt
    const again = await call<Watchlists>(ctx, 'watchlists:add', { kind: 'transfer', item: { txHash } })
    expect(again.value?.transfers).toEqual([expect.objectContaining({ txHash, label: 'big one', addedAt })])
    await ctx.dispose()
  })

  it('a watch-list file from a newer version is not rewritten', async () => {
    const dir = tempDir('bs-gap-newer-')
    const text = JSON.stringify({ version: 2, addresses: [], transfers: [], epochs: [], groups: [{ name: 'new in v2' }] })
    writeFileSync(join(dir, 'watchlists.json'), text)
    const ctx = await start(dir)
    expect(ctx.notices.some((n) => /newer/.test(n.message) && n.message.includes('watchlists'))).toBe(true)
    await call(ctx, 'watchlists:add', { kind: 'epoch', item: { epoch: '0x1' } })
    expect(readFileSync(join(dir, 'watchlists.json'), 'utf8')).toBe(text)
    await ctx.dispose()
  })
})
