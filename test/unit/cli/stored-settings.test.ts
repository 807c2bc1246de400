// The CLI reads the app's settings and watch lists as the app does and changes nothing: a malformed profile
// costs that profile only (the good active one is used, stderr names what was skipped), a file from a newer
// version is read as far as understood, and the data folder is left byte for byte.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Conf from 'conf'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultSettings, demoProfile } from '../../../src/shared/schemas/settings'
import { startSimulator, type Simulator } from '../../support/simulator'
import { openDocumentStore, type BackingStoreFactory } from '../../../src/main/store/document-store'
import { SETTINGS_DOCUMENT, WATCHLISTS_DOCUMENT } from '../../../src/main/store/documents'
import { SettingsRepo } from '../../../src/main/store/settings-repo'
import { main } from '../../../src/cli'
import { StoredSettings } from '../../../src/cli/stored-settings'
import { folderSnapshot, tempFolders } from '../../support/folders'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ seed: 3, transfers: 50, rotateEveryMs: null })
})
afterAll(() => sim.close())

const tempDir = tempFolders('bs-cli-settings-')
const snapshot = folderSnapshot

async function cli(args: string[], dataDir: string): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(args, { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env: { BRIDGESCOPE_DATA_DIR: dataDir } })
  return { code, out, err }
}

const mine = (): Record<string, unknown> => ({ id: 'mine', name: 'Mine', kind: 'custom', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: 5000, maxPageSize: 50 })

describe('the CLI on the app’s settings', () => {
  it('a malformed profile beside the good active one: the good one is used, stderr names the skipped entry, nothing is written', async () => {
    const dir = tempDir()
    const s = defaultSettings()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...s, profiles: [...s.profiles, mine(), { id: 'broken', name: 'Broken', kind: 'custom', baseUrl: 'ftp://x', rpcUrls: [] }], activeProfileId: 'mine' }))
    const before = snapshot(dir)
    const asked = sim.stats().requests.queryChainList
    const r = await cli(['chains'], dir)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^CHAIN ID\s+NAME/)
    expect(sim.stats().requests.queryChainList).toBe(asked + 1)
    expect(r.err).toBe(
      `warning: Your settings file (${join(dir, 'settings.json')}) had 1 part(s) that could not be read (profiles.2: baseUrl: an http(s) URL). ` +
        'Everything else is used; the file is left as it is.\n'
    )
    expect(snapshot(dir)).toEqual(before)
  })

  it('a settings file from a newer version: its active profile is used, and stderr says it was read as far as understood', async () => {
    const dir = tempDir()
    const s = defaultSettings()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...s, version: 7, profiles: [...s.profiles, { ...mine(), colour: 'teal' }], activeProfileId: 'mine', comingSoon: {} }))
    const before = snapshot(dir)
    const r = await cli(['vault', '--json'], dir)
    expect(r.code).toBe(0)
    expect(r.err).toMatch(/^warning: Your settings file .* was written by a newer Bridgescope \(settings version 7; this one reads version 1\)\. It is read as far as this version understands it/)
    expect(r.err).not.toMatch(/simulator/)
    expect(snapshot(dir)).toEqual(before)
  })

  it('a watch list with one bad entry: the others are watched, the bad one is named', () => {
    const dir = tempDir()
    const hash = (n: number): string => `0x${String(n).repeat(64).slice(0, 64)}`
    writeFileSync(join(dir, 'watchlists.json'), JSON.stringify({ addresses: [], transfers: [{ txHash: hash(1), addedAt: 1 }, { txHash: '0x12' }, { txHash: hash(3), addedAt: 1 }], epochs: [] }))
    const warnings: string[] = []
    const stored = new StoredSettings({ BRIDGESCOPE_DATA_DIR: dir }, (l) => warnings.push(l))
    expect(stored.watchlists().transfers.map((t) => t.txHash)).toEqual([hash(1), hash(3)])
    expect(warnings).toEqual([expect.stringMatching(/^warning: Your watchlists file .*\(transfers\.1: txHash: a transaction hash is/)])
  })

  it('the active profile is the one the app would use, for any mix of good and bad profiles', async () => {
    const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })
    const entry = fc.oneof(
      fc.stringMatching(/^[a-z]{1,6}$/).map((id) => ({ ...mine(), id, name: `P ${id}` })),
      fc.constantFrom(null, { id: 'x', name: '' }, { ...demoProfile(), id: 'y', baseUrl: 'nope' })
    )
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 5 }), fc.constantFrom('demo', 'a', 'x', 'y', 'gone'), async (profiles, active) => {
        const [cliDir, appDir] = [tempDir(), tempDir()]
        const text = JSON.stringify({ ...defaultSettings(), profiles: [demoProfile(), ...profiles], activeProfileId: active })
        for (const d of [cliDir, appDir]) writeFileSync(join(d, 'settings.json'), text)
        const app = new SettingsRepo(
          await openDocumentStore({ ...SETTINGS_DOCUMENT, dir: appDir, factory }, []),
          await openDocumentStore({ ...WATCHLISTS_DOCUMENT, dir: appDir, factory }, [])
        )
        const stored = new StoredSettings({ BRIDGESCOPE_DATA_DIR: cliDir }, () => undefined)
        expect(stored.activeProfile()).toEqual(app.activeProfile())
        expect(readFileSync(join(cliDir, 'settings.json'), 'utf8')).toBe(text)
        expect(readdirSync(cliDir)).toEqual(['settings.json'])
      }),
      { numRuns: 40 }
    )
  })
})
