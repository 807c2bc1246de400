// The probe against the demo network, which answers in each dialect at its own path: each is recognised where
// it answers and nowhere else, and a URL where none answers says, per dialect, what did.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { createQueryClient } from '../../../../src/main/client/create-client'
import { probeDialects } from '../../../../src/main/client/probe'
import { demoDialectUrls } from '../../../../src/shared/demo-network'
import { DIALECTS, type Dialect } from '../../../../src/shared/dialects'

let sim: Simulator
let teapot: Server
let teapotUrl: string

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, now: () => Date.UTC(2025, 5, 1), rotateEveryMs: null })
  // a server that is no bridge service at all: every request gets a small HTML page
  teapot = createServer((_req, res) => res.writeHead(418, { 'content-type': 'text/html' }).end('<html><body>I am a teapot</body></html>'))
  await new Promise<void>((resolve) => teapot.listen(0, '127.0.0.1', resolve))
  teapotUrl = `http://127.0.0.1:${(teapot.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sim.close()
  await new Promise<void>((resolve) => teapot.close(() => resolve()))
})

const probeAt = (baseUrl: string, tokensUrl: string | null = null) =>
  probeDialects((dialect) => createQueryClient({ dialect, baseUrl, tokensUrl: tokensUrl ?? baseUrl, retries: 0, timeoutMs: 5000 }), tokensUrl)

describe('probing a URL for its dialect', () => {
  it.each(DIALECTS)('recognises %s at its own demo path, and only it', async (dialect: Dialect) => {
    const { baseUrl } = demoDialectUrls(sim.baseUrl, dialect)
    const probe = await probeAt(baseUrl)
    expect(probe.proposal).toBe(dialect)
    expect(probe.tried.filter((t) => t.recognised).map((t) => t.dialect)).toEqual([dialect])
    // every dialect was tried, and each one not recognised says what answered instead
    expect(probe.tried.map((t) => t.dialect)).toEqual([...DIALECTS])
    for (const t of probe.tried.filter((t) => !t.recognised)) expect(t.answer).not.toBe('')
  })

  it('proposes nothing where no dialect answers, and names the HTTP status and the body each got', async () => {
    const probe = await probeAt(teapotUrl)
    expect(probe.proposal).toBeNull()
    expect(probe.tried).toHaveLength(3)
    for (const t of probe.tried) {
      expect(t.recognised).toBe(false)
      expect(t.answer).toMatch(/HTTP 418/)
      expect(t.answer).toMatch(/HTML page/)
      expect(t.request).toMatch(/^(GET|POST) \/api\//)
    }
  })

  it('a demo path of another dialect is not taken for ours: the Bridge Scan path answers our chain list with an HTTP error', async () => {
    const probe = await probeAt(demoDialectUrls(sim.baseUrl, 'mapscan').baseUrl)
    const ours = probe.tried.find((t) => t.dialect === 'mcs')!
    expect(ours.recognised).toBe(false)
    expect(ours.answer).toMatch(/HTTP 405/)
  })
})

describe("Butter's tokens API, asked once when its app API answers", () => {
  const app = () => demoDialectUrls(sim.baseUrl, 'butter').baseUrl

  it("is recognised at the demo's tokens path, and Butter is proposed", async () => {
    const tokensUrl = demoDialectUrls(sim.baseUrl, 'butter').tokensUrl!
    const probe = await probeAt(app(), tokensUrl)
    expect(probe.proposal).toBe('butter')
    expect(probe.tokens).toEqual({ url: tokensUrl, request: 'GET /api/queryChainList', recognised: true, answer: "answered as Butter's tokens API does" })
  })

  it.each([
    ['the app API itself (no chain list there)', () => app(), /HTTP 404/],
    ['our original query service (its chain list is a POST)', () => sim.baseUrl, /HTTP 405/],
    ['Bridge Scan', () => demoDialectUrls(sim.baseUrl, 'mapscan').baseUrl, /HTTP 404/],
    ['a server that is no bridge service (an HTML page)', () => teapotUrl, /HTTP 418.*HTML page/]
  ])('at %s: not recognised, and what answered is named; Butter is still what the app URL speaks', async (_what, url, answered) => {
    const probe = await probeAt(app(), url())
    expect(probe.proposal).toBe('butter')
    expect(probe.tokens?.recognised).toBe(false)
    expect(probe.tokens?.url).toBe(url())
    expect(probe.tokens?.answer).toMatch(answered)
    expect(probe.tokens?.answer).toMatch(/^queryChainList: /)
  })

  it('with no tokens URL, nothing is asked and the report says one is needed', async () => {
    const probe = await probeAt(app(), null)
    expect(probe.tokens).toMatchObject({ url: null, recognised: false })
    expect(probe.tokens?.answer).toContain('no tokens API URL was given')
  })

  it.each(['mcs', 'mapscan'] as const)('what must not change: where %s answers, no tokens API is asked', async (dialect) => {
    const probe = await probeAt(demoDialectUrls(sim.baseUrl, dialect).baseUrl, teapotUrl)
    expect(probe.proposal).toBe(dialect)
    expect(probe.tokens).toBeNull()
  })
})
