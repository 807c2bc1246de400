// A profile's own chain-check RPC URLs may carry a key (Infura's /v3/<project id>, `?apikey=`): the settings
// export never writes one, and importing a file that holds the marker instead keeps what this computer stores.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { describe, expect, it } from 'vitest'
import { defaultSettings, settingsSchema, watchlistsSchema, type Settings, type Watchlists } from '../../../../src/shared/schemas/settings'
import { openDocumentStore, type BackingStoreFactory } from '../../../../src/main/store/document-store'
import { RPC_NOT_EXPORTED, SettingsRepo } from '../../../../src/main/store/settings-repo'

const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })

async function repo(dir = mkdtempSync(join(tmpdir(), 'bs-rpc-'))): Promise<SettingsRepo> {
  const s = await openDocumentStore<Settings>({ dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, factory }, [])
  const w = await openDocumentStore<Watchlists>({ dir, name: 'watchlists', schema: watchlistsSchema, defaults: () => watchlistsSchema.parse({}), factory }, [])
  return new SettingsRepo(s, w)
}

const INFURA_KEY = '9aa3d95b3bc440fa88ea12eaa4456161'
const QUERY_KEY = 'Zq7QueryKey42xx'
const ALL_DIGITS_KEY = '12345678901234567890123456789012'
const rpc = {
  '1': `https://mainnet.infura.io/v3/${INFURA_KEY}`,
  '56': `https://bsc.example/rpc?apikey=${QUERY_KEY}`,
  '137': `https://polygon.example/${ALL_DIGITS_KEY}`,
  '22776': 'https://rpc.maplabs.io'
}
const profile = { name: 'Mainnet', kind: 'custom' as const, baseUrl: 'https://bridge.example/', rpcUrls: [], chainCheck: { enabled: true, rpc } }

async function withRpcs(): Promise<{ r: SettingsRepo; id: string }> {
  const r = await repo()
  const id = r.saveProfile(profile).profiles.find((p) => p.name === 'Mainnet')?.id as string
  return { r, id }
}

describe('chain-check RPC URLs in a settings export', () => {
  it('the export holds no key; a URL without one is exported as it is, the others as marker + redacted URL', async () => {
    const { r, id } = await withRpcs()
    const { content } = r.exportText()
    for (const key of [INFURA_KEY, QUERY_KEY, ALL_DIGITS_KEY]) expect(content).not.toContain(key)
    const file = JSON.parse(content) as { settings: Settings }
    const exported = file.settings.profiles.find((p) => p.id === id)?.chainCheck?.rpc
    expect(exported).toEqual({
      '1': `${RPC_NOT_EXPORTED}https://mainnet.infura.io/v3/…`,
      '56': `${RPC_NOT_EXPORTED}https://bsc.example/rpc?…`,
      '137': `${RPC_NOT_EXPORTED}https://polygon.example/…`,
      '22776': 'https://rpc.maplabs.io'
    })
    // what must not change: the stored URLs are untouched by exporting
    expect(r.get().profiles.find((p) => p.id === id)?.chainCheck?.rpc).toEqual(rpc)
  })

  it('importing one’s own export keeps every stored URL, key included, and reports no profile change', async () => {
    const { r, id } = await withRpcs()
    const { content } = r.exportText()
    expect(r.importText(content, { dryRun: true }).changes).toEqual([])
    r.importText(content)
    expect(r.get().profiles.find((p) => p.id === id)?.chainCheck?.rpc).toEqual(rpc)
  })

  it('an edited file: a URL it carries is taken, a marked one keeps the stored URL of the same profile and chain', async () => {
    const { r, id } = await withRpcs()
    const file = JSON.parse(r.exportText().content) as { settings: { profiles: Array<{ id: string; chainCheck?: { rpc: Record<string, string> } }> } }
    const p = file.settings.profiles.find((x) => x.id === id)
    if (!p?.chainCheck) throw new Error('the export lost the profile')
    p.chainCheck.rpc['56'] = 'https://bsc.other.example/'
    r.importText(JSON.stringify(file))
    expect(r.get().profiles.find((x) => x.id === id)?.chainCheck?.rpc).toEqual({ ...rpc, '56': 'https://bsc.other.example/' })
  })

  it('on another computer a marked URL is dropped (that chain falls back to the service’s RPC), never stored as a URL', async () => {
    const { r, id } = await withRpcs()
    const other = await repo()
    const { changes } = other.importText(r.exportText().content, { dryRun: true })
    // the preview says which of the user's RPCs will not come along, so none goes missing unnoticed
    expect(changes.filter((c) => c.startsWith('Chain-check RPC'))).toEqual(
      ['1', '56', '137'].map((c) => `Chain-check RPC for chain ${c} of "Mainnet": not in the file (it may carry a key); the service's RPC is used until you enter it again`)
    )
    other.importText(r.exportText().content)
    const imported = other.get().profiles.find((p) => p.id === id)
    expect(imported?.chainCheck).toEqual({ enabled: true, rpc: { '22776': 'https://rpc.maplabs.io' } })
    expect(JSON.stringify(other.get())).not.toContain('not exported')
  })
})

describe("a profile's own URLs in a settings export", () => {
  const keyed = {
    name: 'Keyed',
    kind: 'custom' as const,
    baseUrl: `https://bridge.example/api?apikey=${QUERY_KEY}`,
    tokensUrl: `https://tokens.example/${INFURA_KEY}/`,
    tssUrl: 'https://tss.example/?token=t0k3nT0k3n',
    rpcUrls: [`https://mainnet.infura.io/v3/${INFURA_KEY}`, 'https://rpc.maplabs.io']
  }

  it('the export holds none of their keys, and importing it back here restores every one; elsewhere they are named as dropped', async () => {
    const r = await repo()
    r.saveProfile(keyed)
    const { content } = r.exportText()
    for (const secret of [QUERY_KEY, INFURA_KEY, 't0k3nT0k3n']) expect(content).not.toContain(secret)
    expect(content).toContain('https://rpc.maplabs.io')
    const before = r.get().profiles.find((p) => p.name === 'Keyed')
    r.importText(content)
    expect(r.get().profiles.find((p) => p.name === 'Keyed')).toEqual(before)

    const elsewhere = await repo()
    const { changes, settings } = elsewhere.importText(content, { dryRun: true })
    const imported = settings.profiles.find((p) => p.name === 'Keyed')
    expect(imported).toMatchObject({ baseUrl: '', tokensUrl: '', tssUrl: '', rpcUrls: ['https://rpc.maplabs.io'] })
    expect(changes.filter((c) => /not in the file/.test(c))).toHaveLength(4)
  })
})
