// The TSS settings: a profile's optional TSS API URL, validated like its other URLs, and the TSS watch
// settings (interval, stall minutes, chains followed per profile), kept by a patch and by export/import.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { describe, expect, it } from 'vitest'
import { openDocumentStore, type BackingStoreFactory } from '../../../../src/main/store/document-store'
import { migrateSettings, migrateWatchlists } from '../../../../src/main/store/migrations'
import { SettingsRepo } from '../../../../src/main/store/settings-repo'
import { defaultSettings, settingsSchema, watchlistsSchema, type Settings, type Watchlists } from '../../../../src/shared/schemas/settings'

const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })

async function repo(): Promise<SettingsRepo> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-tss-settings-'))
  const settings = await openDocumentStore<Settings>({ dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, migrate: migrateSettings, factory }, [])
  const lists = await openDocumentStore<Watchlists>({ dir, name: 'watchlists', schema: watchlistsSchema, defaults: () => watchlistsSchema.parse({}), migrate: migrateWatchlists, factory }, [])
  return new SettingsRepo(settings, lists)
}

const mainnet = { name: 'Mainnet', kind: 'custom' as const, baseUrl: 'https://bridge.example', rpcUrls: [], timeoutMs: 15000, maxPageSize: 100 }

describe('TSS settings', () => {
  it('a profile keeps its TSS API URL; a bad one is refused naming the field', async () => {
    const r = await repo()
    const saved = r.saveProfile({ ...mainnet, tssUrl: 'https://tss-api.example/?key=k' })
    expect(saved.profiles.find((p) => p.name === 'Mainnet')?.tssUrl).toBe('https://tss-api.example/?key=k')
    expect(() => r.saveProfile({ ...mainnet, name: 'Bad', tssUrl: 'ftp://tss.example' })).toThrow(/tssUrl|http/)
    expect(() => r.saveProfile({ ...mainnet, name: 'Creds', tssUrl: 'https://u:p@tss.example' })).toThrow()
  })

  it('a patch of the TSS watch changes only what it names; null stops following a profile\'s chains', async () => {
    const r = await repo()
    r.update({ tss: { chains: { demo: ['1360095883558914'] } } })
    r.update({ tss: { stallMinutes: 15 } })
    expect(r.get().tss).toEqual({ intervalSec: 60, stallMinutes: 15, chains: { demo: ['1360095883558914'] } })
    r.update({ tss: { chains: { demo: null } } })
    expect(r.get().tss.chains).toEqual({})
    expect(() => r.update({ tss: { chains: { demo: ['0x12'] } } })).toThrow()
  })

  it('export and import keep the TSS API URL and the followed chains', async () => {
    const a = await repo()
    a.saveProfile({ ...mainnet, tssUrl: 'https://tss-api.example' })
    a.update({ tss: { chains: { demo: ['1360095883558914'] }, intervalSec: 30 } })
    const b = await repo()
    b.importText(a.exportText(new Date()).content)
    expect(b.get().profiles.find((p) => p.name === 'Mainnet')?.tssUrl).toBe('https://tss-api.example')
    expect(b.get().tss).toEqual({ intervalSec: 30, stallMinutes: 10, chains: { demo: ['1360095883558914'] } })
  })
})
