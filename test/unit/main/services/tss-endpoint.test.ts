// Which TSS API and which chains, for a profile and what a shell was given, is decided one way in src/main
// (tssEndpointOf): the app's Cross-chain view and watcher and the CLI's `tss` commands read the same profile to
// the same TSS API. A profile that names a TSS API and no query service is answered (the `tss` commands need no
// more), where endpointOf refuses it; the followed chains are the given ids, else the chain list plus the chains
// added in the app.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveTss } from '../../../../src/cli/tss-endpoints'
import type { StoredSettings } from '../../../../src/cli/stored-settings'
import { endpointOf, tssEndpointOf, tssFollowed, type DemoUrls } from '../../../../src/main/services'
import { defaultSettings, profileSchema, type Profile } from '../../../../src/shared/schemas/settings'

const DEMO: DemoUrls = { baseUrl: 'http://127.0.0.1:7001', rpcUrl: 'http://127.0.0.1:7001/rpc', tssUrl: 'http://127.0.0.1:7001/tss' }
const url = fc.constantFrom('https://bridge.example/api', 'http://10.0.0.2:8080', 'https://a.example/x/')
const tssUrl = fc.constantFrom('https://tss.example', 'http://10.0.0.3:9000/api/')
const chainId = fc.integer({ min: 1, max: 1_000_000 }).map(String)

/** A custom profile, with or without a base URL, always with a TSS API. */
const custom = fc
  .record({ baseUrl: fc.constantFrom('', 'https://bridge.example/api'), tssUrl, timeoutMs: fc.integer({ min: 1000, max: 120_000 }) })
  .map((p): Profile => profileSchema.parse({ id: 'p', name: 'Mine', rpcUrls: [], ...p }))

const LIST = [
  { chainId: 1, chainName: 'Ethereum' },
  { chainId: 56, chainName: 'BNB Chain' }
]

/** The CLI reading `profile` as the app's active one, with `chains` added for it in the app. */
function cliSources(profile: Profile, added: string[] = []) {
  const settings = { ...defaultSettings(), tss: { ...defaultSettings().tss, chains: added.length ? { [profile.id]: added } : {} } }
  const stored = { found: () => true, activeProfile: () => profile, settings: () => settings } as unknown as StoredSettings
  const warned: string[] = []
  return { sources: { env: {}, stored, warn: (l: string) => void warned.push(l) }, warned }
}

describe('tssEndpointOf: one way from a profile to its TSS API and followed chains', () => {
  it('answers a profile with a base URL and one that names only a TSS API alike, where endpointOf refuses the second', () => {
    fc.assert(
      fc.property(custom, (profile) => {
        const ep = tssEndpointOf({ profile })
        expect(ep.tssUrl).toBe(profile.tssUrl)
        expect(ep.timeoutMs).toBe(profile.timeoutMs)
        if (profile.baseUrl === '') {
          expect(ep.chainListUrl).toBeNull()
          expect(() => endpointOf(profile, null)).toThrow(/has no base URL/)
        } else {
          expect(ep.chainListUrl).toBe(profile.baseUrl)
          // both ways read the same profile to the same TSS API
          expect(endpointOf(profile, null).tssUrl).toBe(ep.tssUrl)
        }
      })
    )
  })

  it('takes each field the shell was given over the profile’s, and nothing else', () => {
    fc.assert(
      fc.property(
        custom,
        fc.record({ tssUrl: fc.option(tssUrl, { nil: undefined }), baseUrl: fc.option(url, { nil: undefined }), timeoutMs: fc.option(fc.integer({ min: 1, max: 600_000 }), { nil: undefined }) }),
        (profile, given) => {
          const plain = tssEndpointOf({ profile })
          const ep = tssEndpointOf({ profile, given })
          expect(ep.tssUrl).toBe(given.tssUrl ?? plain.tssUrl)
          expect(ep.chainListUrl).toBe(given.baseUrl ?? plain.chainListUrl)
          expect(ep.timeoutMs).toBe(given.timeoutMs ?? plain.timeoutMs)
          expect({ ...ep, tssUrl: 0, chainListUrl: 0, timeoutMs: 0 }).toEqual({ ...plain, tssUrl: 0, chainListUrl: 0, timeoutMs: 0 })
        }
      )
    )
  })

  it('answers the demo profile at the demo network’s TSS API once it runs, and names none before', () => {
    const demo = profileSchema.parse({ id: 'demo', name: 'Demo', kind: 'demo', baseUrl: '', rpcUrls: [], tssUrl: 'https://ignored.example' })
    expect(tssEndpointOf({ profile: demo, demo: DEMO })).toMatchObject({ tssUrl: DEMO.tssUrl, chainListUrl: DEMO.baseUrl })
    expect(tssEndpointOf({ profile: demo })).toMatchObject({ tssUrl: null, chainListUrl: null })
    expect(tssEndpointOf({ profile: null })).toEqual({ tssUrl: null, chainListUrl: null, timeoutMs: undefined, chainIds: null, added: [] })
  })

  it('follows the given ids without reading the chain list, else the chain list and the chains added for this profile only', async () => {
    await fc.assert(
      fc.asyncProperty(custom, fc.uniqueArray(chainId, { maxLength: 4 }), fc.uniqueArray(chainId, { maxLength: 4 }), async (profile, given, added) => {
        let listed = 0
        const list = () => {
          listed++
          return Promise.resolve(LIST)
        }
        const addedChains = { [profile.id]: added, other: ['999999999'] }
        const ep = tssEndpointOf({ profile, addedChains, given: { chainIds: given } })
        const chains = await tssFollowed(ep, list)
        if (given.length) {
          expect(chains.map((c) => c.chainId)).toEqual(given)
          expect(listed).toBe(0)
        } else {
          const ids = chains.map((c) => c.chainId)
          expect(ids.slice(0, LIST.length)).toEqual(['1', '56'])
          expect(ids).toEqual([...new Set(['1', '56', ...added])])
          expect(ids).not.toContain('999999999')
          expect(listed).toBe(1)
        }
      })
    )
  })
})

describe('the CLI’s `tss` commands read the profile through it', () => {
  it('reaches the TSS API of a profile that names no query service, starting no demo network; --chain-id is then enough', async () => {
    const profile = profileSchema.parse({ id: 'p', name: 'TSS only', baseUrl: '', rpcUrls: [], tssUrl: 'https://tss.example' })
    const { sources, warned } = cliSources(profile)
    const ep = await resolveTss({}, sources)
    expect(ep.tssUrl).toBe('https://tss.example')
    expect(ep.close).toBeUndefined()
    expect(warned).toEqual([])
    await expect(ep.chains()).rejects.toThrow(/no chain list to follow: give --chain-id/)
    const withIds = await resolveTss({ chainIds: ['22776'] }, sources)
    expect(await withIds.chains()).toEqual([{ chainId: '22776', name: '', added: true }])
  })

  it('sends the app and the CLI to the same TSS API for the same profile, the flags winning', async () => {
    await fc.assert(
      fc.asyncProperty(custom, fc.option(tssUrl, { nil: undefined }), async (profile, flag) => {
        const { sources } = cliSources(profile)
        const line = await resolveTss(flag ? { tssUrl: flag } : {}, sources)
        const app = tssEndpointOf({ profile })
        expect(line.tssUrl).toBe(flag ?? app.tssUrl)
        expect(line.timeoutMs).toBe(app.timeoutMs)
      }),
      { numRuns: 30 }
    )
  })
})
