// `npm run web` runs main's code in plain Node, so it honours the proxy variables as the CLI does: a
// profile's service and node, icon hosts and webhooks go through the proxy; the demo network on 127.0.0.1
// never does. Names under .test resolve only at the test proxy, so an answer proves the road it took.
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AlertDelivery, AlertsView } from '../../../src/shared/alerts'
import type { EndpointCheck } from '../../../src/shared/contract'
import { ICON_PATH } from '../../../src/shared/icons'
import { startHarness, type Harness } from '../../support/harness'
import { dispatch } from '../../../src/main/ipc/dispatch'
import { startSimulator, type Simulator } from '../../support/simulator'
import { startTestProxy, type TestProxy } from '../main/net/test-proxy'

let sim: Simulator
let proxy: TestProxy
let harness: Harness
let hooks: Server
const hookBodies: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ seed: 4, transfers: 50, rotateEveryMs: null })
  proxy = await startTestProxy()
  hooks = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      hookBodies.push(body)
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((ok) => hooks.listen(0, '127.0.0.1', ok))
  harness = await startHarness({
    dataDir: mkdtempSync(join(tmpdir(), 'bs-harness-proxy-')),
    rendererDir: 'out/renderer',
    demo: { transfers: 50, rotateEveryMs: null },
    env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url }
  })
})
afterAll(async () => {
  await harness.close()
  await new Promise<void>((ok) => hooks.close(() => ok()))
  await proxy.close()
  await sim.close()
})

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await dispatch(harness.context.handlers, channel, input, { emit: () => undefined })
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

describe('the harness behind a proxy', () => {
  it("a profile's service and node are reached through HTTP_PROXY", async () => {
    proxy.seen.length = 0
    const viaName = sim.baseUrl.replace('127.0.0.1', 'bridge.test')
    const check = await call<{ api: EndpointCheck | null; rpc: EndpointCheck[] }>('profiles:test', { name: 'behind a proxy', baseUrl: viaName, rpcUrls: [`${viaName}/rpc`] })
    expect(check.api).toMatchObject({ ok: true })
    expect(check.rpc).toMatchObject([{ ok: true }])
    expect(proxy.seen.map((s) => s.target).sort()).toEqual([`${viaName}/api/queryChainList`, `${viaName}/rpc`])
  })

  it('the demo network on 127.0.0.1 is reached directly', async () => {
    proxy.seen.length = 0
    const chains = await call<{ data: unknown[] }>('chains:list', { prefer: 'network' })
    expect(chains.data.length).toBeGreaterThan(0)
    expect(proxy.seen).toEqual([])
  })

  it('icon hosts (https) go through a CONNECT tunnel and webhooks through HTTP_PROXY', async () => {
    proxy.seen.length = 0
    await harness.context.icons.respond(`${new URL(ICON_PATH, harness.url).href}?src=${encodeURIComponent('https://icons.test/eth.png')}`)
    expect(proxy.seen.map((s) => `${s.kind} ${s.target}`)).toEqual(['connect icons.test:443'])

    proxy.seen.length = 0
    const url = `http://hooks.test:${(hooks.address() as AddressInfo).port}/hook/tok3n123`
    const view = await call<AlertsView>('alerts:save', { label: 'via proxy', format: 'json', enabled: false, url })
    const id = view.sinks[0]?.id
    const delivery = await call<AlertDelivery>('alerts:test', { id })
    expect(delivery).toMatchObject({ ok: true, test: true })
    expect(hookBodies).toHaveLength(1)
    expect(proxy.seen.map((s) => `${s.kind} ${s.target}`)).toEqual([`absolute ${url}`])
  })
})
