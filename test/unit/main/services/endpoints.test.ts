// A profile becomes endpoints one way, in src/main (endpointOf), for the app and the CLI alike: the same profile
// sends both shells' requests to the same places, what the CLI was given wins field by field, the demo profile
// answers at the demo network's paths for each dialect, and a profile without a base URL is refused naming the
// field, in each shell's own words.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveEndpoints } from '../../../../src/cli/endpoints'
import type { StoredSettings } from '../../../../src/cli/stored-settings'
import type { QueryClient } from '../../../../src/main/client'
import { endpointOf, Endpoints, type DemoUrls } from '../../../../src/main/services'
import { demoDialectUrls } from '../../../../src/shared/demo-network'
import { DIALECTS, descriptorOf, type Dialect } from '../../../../src/shared/dialects'
import { profileSchema, type Profile } from '../../../../src/shared/schemas/settings'

const DEMO: DemoUrls = { baseUrl: 'http://127.0.0.1:7001', rpcUrl: 'http://127.0.0.1:7001/rpc', laggingRpcUrl: 'http://127.0.0.1:7001/lagging', tssUrl: 'http://127.0.0.1:7001/tss' }

const url = fc.constantFrom('https://bridge.example/api', 'http://10.0.0.2:8080', 'https://a.example/x/')
const custom = fc
  .record({
    dialect: fc.constantFrom(...DIALECTS),
    baseUrl: url,
    tokensUrl: fc.constantFrom('https://tokens.example/v1', 'https://t.example'),
    rpcUrls: fc.array(url, { maxLength: 3 }),
    timeoutMs: fc.integer({ min: 1000, max: 120_000 }),
    maxPageSize: fc.integer({ min: 1, max: 1000 }),
    tssUrl: fc.constantFrom('', 'https://tss.example')
  })
  .map((p): Profile => profileSchema.parse({ id: 'p', name: 'Mine', ...p }))

function appEndpoints(profile: Profile): Endpoints {
  return new Endpoints({ activeProfile: () => profile, startDemo: () => Promise.resolve(DEMO), createClient: () => ({}) as QueryClient })
}

/** The CLI reading `profile` as the app's active one, with `flags`; what it warns is kept. */
function cli(profile: Profile, flags: Parameters<typeof resolveEndpoints>[0] = {}, needs: Parameters<typeof resolveEndpoints>[2] = 'both') {
  const stored = { found: () => true, activeProfile: () => profile } as unknown as StoredSettings
  return resolveEndpoints(flags, { env: {}, stored, warn: () => undefined }, needs)
}

describe('endpointOf: one way from a profile to its endpoints', () => {
  it('sends the app and the CLI to the same places for the same profile', async () => {
    await fc.assert(
      fc.asyncProperty(custom, async (profile) => {
        const app = await appEndpoints(profile).resolve()
        const line = await cli(profile)
        expect({ dialect: line.dialect, baseUrl: line.baseUrl, rpcUrls: line.rpcUrls, timeoutMs: line.timeoutMs, maxPageSize: line.maxPageSize }).toEqual({
          dialect: app.dialect,
          baseUrl: app.baseUrl,
          rpcUrls: app.rpcUrls,
          timeoutMs: app.timeoutMs,
          maxPageSize: app.maxPageSize
        })
        // a second URL only for a service that has one
        expect(line.tokensUrl ?? null).toBe(app.tokensUrl)
        if (!descriptorOf(app.dialect).tokensUrl) expect(app.tokensUrl).toBeNull()
      }),
      { numRuns: 60 }
    )
  })

  it('takes each field the shell was given over the profile’s, and nothing else', () => {
    fc.assert(
      fc.property(custom, fc.record({ baseUrl: fc.option(url, { nil: undefined }), rpcUrls: fc.option(fc.array(url, { maxLength: 2 }), { nil: undefined }), timeoutMs: fc.option(fc.integer({ min: 1, max: 600_000 }), { nil: undefined }) }), (profile, given) => {
        const plain = endpointOf(profile, null)
        const ep = endpointOf(profile, null, given)
        expect(ep.baseUrl).toBe(given.baseUrl ?? plain.baseUrl)
        expect(ep.rpcUrls).toEqual(given.rpcUrls ?? plain.rpcUrls)
        expect(ep.timeoutMs).toBe(given.timeoutMs ?? plain.timeoutMs)
        expect({ ...ep, baseUrl: 0, rpcUrls: 0, timeoutMs: 0 }).toEqual({ ...plain, baseUrl: 0, rpcUrls: 0, timeoutMs: 0 })
      })
    )
  })

  it('answers the demo profile at the demo network’s path for each dialect, its nodes both asked', () => {
    for (const dialect of DIALECTS) {
      const demo = profileSchema.parse({ id: 'demo', name: 'Demo', kind: 'demo', baseUrl: '', rpcUrls: [], dialect })
      const ep = endpointOf(demo, DEMO)
      expect({ baseUrl: ep.baseUrl, tokensUrl: ep.tokensUrl }).toEqual(demoDialectUrls(DEMO.baseUrl, dialect as Dialect))
      expect(ep.rpcUrls).toEqual([DEMO.rpcUrl, DEMO.laggingRpcUrl])
      expect(ep.tssUrl).toBe(DEMO.tssUrl)
      // a base URL given is taken as it is
      expect(endpointOf(demo, DEMO, { baseUrl: 'https://given.example' }).baseUrl).toBe('https://given.example')
    }
  })

  it('refuses a profile without a base URL, naming the field, in each shell’s words', async () => {
    const bare = profileSchema.parse({ id: 'b', name: 'Bare', baseUrl: '', rpcUrls: ['https://node.example'] })
    await expect(appEndpoints(bare).resolve()).rejects.toMatchObject({ kind: 'input', field: 'baseUrl', message: 'The profile "Bare" has no base URL.' })
    await expect(cli(bare)).rejects.toMatchObject({ kind: 'input', field: 'baseUrl', message: 'profile "Bare" has no base URL: pass --base-url or set BRIDGESCOPE_BASE_URL' })
    // given a base URL, the CLI takes the rest from the profile
    expect(await cli(bare, { baseUrl: 'https://given.example' })).toMatchObject({ baseUrl: 'https://given.example', rpcUrls: ['https://node.example'] })
  })
})
