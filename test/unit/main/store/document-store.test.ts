import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { describe, expect, it } from 'vitest'
import type { Notice } from '../../../../src/shared/contract'
import { defaultSettings, settingsSchema, type Settings } from '../../../../src/shared/schemas/settings'
import { openDocumentStore, type BackingStoreFactory } from '../../../../src/main/store/document-store'
import { migrateSettings } from '../../../../src/main/store/migrations'

const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })

function open(dir: string, notices: Notice[]) {
  return openDocumentStore<Settings>(
    { dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, migrate: migrateSettings, factory, now: () => new Date('2026-11-21T10:00:00Z') },
    notices
  )
}

describe('settings document', () => {
  it('starts from defaults with the demo profile active, and persists changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-doc-'))
    const store = await open(dir, [])
    expect(store.get().activeProfileId).toBe('demo')
    store.set({ ...store.get(), theme: 'dark' })
    const again = await open(dir, [])
    expect(again.get().theme).toBe('dark')
  })

  it('moves a file that does not parse aside with a timestamp, keeps it byte for byte, and tells the user', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-doc-'))
    writeFileSync(join(dir, 'settings.json'), '{"version":1, "profiles": [')
    const notices: Notice[] = []
    const store = await open(dir, notices)
    expect(store.get()).toEqual(defaultSettings())
    const aside = readdirSync(dir).find((n) => n.startsWith('settings.corrupt-2026-11-21T10-00-00'))
    expect(aside).toBeDefined()
    expect(readFileSync(join(dir, aside as string), 'utf8')).toBe('{"version":1, "profiles": [')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.message).toMatch(/settings file could not be read/)
    expect(notices[0]?.message).toContain(aside)
  })

  it('moves aside a file that parses but does not validate, naming the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-doc-'))
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), cacheLimitMb: 'lots' }))
    const notices: Notice[] = []
    await open(dir, notices)
    expect(notices[0]?.message).toContain('cacheLimitMb')
  })

  it('migrates a version-0 file into profiles, keeping the endpoint active', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-doc-'))
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ baseUrl: 'https://bridge.example/api-root/', rpcUrl: 'https://node.example', theme: 'dark' }))
    const notices: Notice[] = []
    const store = await open(dir, notices)
    expect(notices).toEqual([])
    const s = store.get()
    expect(s.version).toBe(1)
    expect(s.theme).toBe('dark')
    expect(s.profiles.map((p) => p.id)).toEqual(['demo', 'migrated'])
    expect(s.activeProfileId).toBe('migrated')
    expect(s.profiles[1]?.rpcUrls).toEqual(['https://node.example'])
    expect(existsSync(join(dir, 'settings.json'))).toBe(true)
  })

  it('refuses a file from a newer version by moving it aside rather than losing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-doc-'))
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), version: 99 }))
    const notices: Notice[] = []
    await open(dir, notices)
    expect(notices[0]?.message).toMatch(/newer Bridgescope/)
  })
})
