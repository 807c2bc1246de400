// The probe channel as the renderer calls it: it proposes what answered at the form's URL, stores nothing, and a
// form without a URL is refused naming the field.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DialectProbe } from '../../../../src/shared/contract'
import { demoDialectUrls } from '../../../../src/shared/demo-network'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { startHarness, type Harness } from '../../../support/harness'
import { startSimulator, type Simulator } from '../../../support/simulator'

let sim: Simulator
let harness: Harness

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, transfers: 20, rotateEveryMs: null })
  harness = await startHarness({ dataDir: mkdtempSync(join(tmpdir(), 'bs-probe-')), rendererDir: 'out/renderer', demo: { transfers: 20, rotateEveryMs: null } })
})
afterAll(async () => {
  await harness.close()
  await sim.close()
})

const call = (channel: string, input: unknown) => dispatch(harness.context.handlers, channel, input, { emit: () => undefined })

describe('profiles:probe', () => {
  it("proposes Butter at the demo's Butter app API and changes no stored setting", async () => {
    const before = await call('settings:get', undefined)
    const result = await call('profiles:probe', { name: 'try', baseUrl: demoDialectUrls(sim.baseUrl, 'butter').baseUrl, rpcUrls: [] })
    expect(result.ok).toBe(true)
    const probe = (result as { ok: true; value: DialectProbe }).value
    expect(probe.proposal).toBe('butter')
    expect(probe.tried.find((t) => t.dialect === 'mcs')?.answer).toMatch(/HTTP 405/)
    expect(await call('settings:get', undefined)).toEqual(before)
  })

  it("asks the form's tokens URL as Butter's tokens API, and says what answered there when it is not", async () => {
    const urls = demoDialectUrls(sim.baseUrl, 'butter')
    const probe = async (tokensUrl: string | undefined) => {
      const result = await call('profiles:probe', { name: 'try', baseUrl: urls.baseUrl, rpcUrls: [], ...(tokensUrl === undefined ? {} : { tokensUrl }) })
      return (result as { ok: true; value: DialectProbe }).value
    }
    expect((await probe(urls.tokensUrl!)).tokens).toMatchObject({ url: urls.tokensUrl, recognised: true })
    // our original service where the tokens API should be: its chain list is a POST
    const ours = await probe(sim.baseUrl)
    expect(ours.proposal).toBe('butter')
    expect(ours.tokens).toMatchObject({ url: sim.baseUrl, recognised: false })
    expect(ours.tokens?.answer).toMatch(/HTTP 405/)
    // no tokens URL, and the app URL is no preset's: nothing asked, and said so
    expect((await probe(undefined)).tokens).toMatchObject({ url: null, recognised: false })
  })

  it('a form with no URL is refused naming the URL field', async () => {
    const result = await call('profiles:probe', { name: 'try', baseUrl: '', rpcUrls: [] })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.field).toBe('baseUrl')
  })
})
