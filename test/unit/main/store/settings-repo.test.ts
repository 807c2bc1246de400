import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { describe, expect, it } from 'vitest'
import { defaultSettings, settingsSchema, watchlistsSchema, type Settings, type Watchlists } from '../../../../src/shared/schemas/settings'
import { openDocumentStore, type BackingStoreFactory } from '../../../../src/main/store/document-store'
import { SettingsRepo } from '../../../../src/main/store/settings-repo'

const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })

async function repo(dir = mkdtempSync(join(tmpdir(), 'bs-repo-'))): Promise<SettingsRepo> {
  const s = await openDocumentStore<Settings>({ dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, factory }, [])
  const w = await openDocumentStore<Watchlists>({ dir, name: 'watchlists', schema: watchlistsSchema, defaults: () => watchlistsSchema.parse({}), factory }, [])
  return new SettingsRepo(s, w)
}

const profile = { name: 'Mainnet', kind: 'custom' as const, baseUrl: 'https://bridge.example/base/', rpcUrls: ['https://rpc.example'], timeoutMs: 15000, maxPageSize: 100 }

describe('SettingsRepo', () => {
  it('adds, activates and deletes a profile; deleting the active one falls back to the demo network', async () => {
    const r = await repo()
    const saved = r.saveProfile(profile)
    const id = saved.profiles.find((p) => p.name === 'Mainnet')?.id as string
    expect(r.activate(id).activeProfileId).toBe(id)
    expect(r.activeProfile().baseUrl).toBe('https://bridge.example/base/')
    expect(r.deleteProfile(id).activeProfileId).toBe('demo')
  })

  it('refuses bad profiles with a message that names the field, and changes nothing', async () => {
    const r = await repo()
    const before = r.get()
    expect(() => r.saveProfile({ ...profile, baseUrl: 'ftp://x' })).toThrow(/baseUrl: an http\(s\) URL/)
    expect(() => r.saveProfile({ ...profile, timeoutMs: 10 })).toThrow(/timeoutMs/)
    expect(() => r.deleteProfile('demo')).toThrow(/built in/)
    r.saveProfile(profile)
    expect(() => r.saveProfile({ ...profile })).toThrow(/already exists/)
    expect(r.get().profiles).toHaveLength(before.profiles.length + 1)
  })

  it('keeps watchlists without duplicates', async () => {
    const r = await repo()
    const address = '0x' + 'AB'.repeat(20)
    r.addWatch('address', { address, chainIds: [1], label: 'ops' })
    const w = r.addWatch('address', { address: address.toLowerCase(), chainIds: [1, 56], label: 'ops' })
    expect(w.addresses).toEqual([{ address: address.toLowerCase(), chainIds: [1, 56], label: 'ops' }])
    expect(r.removeWatch('address', address).addresses).toEqual([])
    expect(() => r.addWatch('transfer', { txHash: '0x12' })).toThrow()
  })

  it('exports and imports settings and watchlists; a bad import changes nothing and says why', async () => {
    const a = await repo()
    a.saveProfile(profile)
    a.addWatch('transfer', { txHash: '0x' + 'c'.repeat(64), label: 'big one' })
    const { content, filename } = a.exportText(new Date('2026-11-21T00:00:00Z'))
    expect(filename).toBe('bridgescope-settings-2026-11-21.json')
    const b = await repo()
    // a dry run (the import's preview) says what would change and saves nothing
    const untouched = JSON.stringify([b.get(), b.getWatchlists()])
    const preview = b.importText(content, { dryRun: true })
    expect(preview.changes).toEqual(['Endpoint profiles: Demo network → Demo network, Mainnet', 'Watched transfers: 0 → 1'])
    expect(JSON.stringify([b.get(), b.getWatchlists()])).toBe(untouched)
    const imported = b.importText(content)
    expect(imported.settings.profiles.map((p) => p.name)).toEqual(['Demo network', 'Mainnet'])
    expect(imported.watchlists.transfers[0]?.label).toBe('big one')
    const before = JSON.stringify([b.get(), b.getWatchlists()])
    expect(() => b.importText('not json')).toThrow(/not JSON/)
    expect(() => b.importText(JSON.stringify({ app: 'bridgescope', exportedAt: 'x', settings: { ...a.get(), theme: 'neon' }, watchlists: {} }))).toThrow(/settings\.theme/)
    expect(JSON.stringify([b.get(), b.getWatchlists()])).toBe(before)
  })

  it('survives a restart with the same data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-repo-'))
    const a = await repo(dir)
    a.update({ theme: 'dark', labels: { state: { '1': 'completed' }, type: {} } })
    const b = await repo(dir)
    expect(b.get().theme).toBe('dark')
    expect(b.get().labels.state['1']).toBe('completed')
  })
})
