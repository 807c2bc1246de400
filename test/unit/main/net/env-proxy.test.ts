// The network of the CLI, the headless watcher and the harness: HTTP_PROXY, HTTPS_PROXY and NO_PROXY in
// either case, loopback never proxied, credentials in the proxy URL sent to the proxy and shown nowhere, and
// deadlines that hold through a proxy that never answers (GC forced throughout, as undici would otherwise
// lose the abort of a collected signal).
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { isLoopback, networkFromEnv, proxyFor, proxySettingsFromEnv, type Env } from '../../../../src/main/net/env-proxy'
import type { Network } from '../../../../src/main/net/fetch'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { WebhookSink } from '../../../../src/main/watch/webhooks'
import { AppError } from '../../../../src/shared/errors'
import { expectAppError } from '../client/helpers'
import { closedPort, startTestProxy, type TestProxy } from './test-proxy'

const via = (target: string, env: Env): string | null => proxyFor(new URL(target), proxySettingsFromEnv(env))?.href ?? null

describe('which requests go through which proxy', () => {
  it('lower case wins over upper case, and a blank variable counts as unset', () => {
    expect(via('http://bridge.test/', { http_proxy: 'http://lower:1', HTTP_PROXY: 'http://upper:2' })).toBe('http://lower:1/')
    expect(via('http://bridge.test/', { HTTP_PROXY: 'http://upper:2' })).toBe('http://upper:2/')
    expect(via('http://bridge.test/', { http_proxy: '  ', HTTP_PROXY: 'http://upper:2' })).toBe('http://upper:2/')
    expect(via('https://bridge.test/', { https_proxy: 'http://lower:3', HTTPS_PROXY: 'http://upper:4' })).toBe('http://lower:3/')
    expect(via('http://bridge.test/', {})).toBeNull()
  })

  it('HTTP_PROXY serves http:// only and HTTPS_PROXY https:// only', () => {
    expect(via('https://bridge.test/', { HTTP_PROXY: 'http://p:1' })).toBeNull()
    expect(via('http://bridge.test/', { HTTPS_PROXY: 'http://p:1' })).toBeNull()
    expect(via('https://bridge.test/', { HTTPS_PROXY: 'http://p:1' })).toBe('http://p:1/')
  })

  it('a proxy written without a scheme is an http proxy', () => {
    expect(via('http://bridge.test/', { HTTP_PROXY: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128/')
  })

  it('loopback is never proxied, whatever the variables say', () => {
    const env = { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' }
    for (const target of ['http://localhost:4000/', 'http://LOCALHOST./', 'https://app.localhost/', 'http://127.0.0.1:9/', 'http://127.8.9.10/', 'http://[::1]:80/', 'http://[::ffff:127.0.0.1]/']) {
      expect([target, via(target, env)]).toEqual([target, null])
    }
    expect(isLoopback('localhost.example')).toBe(false)
    expect(isLoopback('128.0.0.1')).toBe(false)
    expect(via('http://10.0.0.1/', env)).toBe('http://p:1/')
  })

  it('NO_PROXY: names with their subdomains, a leading dot or *., ports, addresses, ranges, IPv6 and *', () => {
    const env = { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1', NO_PROXY: 'corp.example, .internal.test *.svc.test,api.test:8080,10.1.2.3 192.168.0.0/16,[fd00::1]:80,FD00::2' }
    const direct = ['http://corp.example/', 'http://a.b.corp.example/', 'http://internal.test/', 'http://x.internal.test/', 'http://svc.test/', 'http://y.svc.test/', 'http://api.test:8080/', 'http://10.1.2.3/', 'http://192.168.7.7/', 'http://[fd00::1]/', 'https://[fd00::2]/']
    const proxied = ['http://notcorp.example/', 'http://corp.example.org/', 'http://api.test/', 'http://api.test:8081/', 'http://10.1.2.4/', 'http://192.169.0.1/', 'https://[fd00::1]/', 'http://bridge.test/']
    for (const t of direct) expect([t, via(t, env)]).toEqual([t, null])
    for (const t of proxied) expect([t, via(t, env)]).toEqual([t, 'http://p:1/'])
    expect(via('https://anything.example/', { HTTPS_PROXY: 'http://p:1', no_proxy: '*' })).toBeNull()
    // lower case wins here too
    expect(via('http://corp.example/', { HTTP_PROXY: 'http://p:1', no_proxy: 'other.example', NO_PROXY: 'corp.example' })).toBe('http://p:1/')
  })

  it('a variable that is no proxy URL is an input error naming it, without repeating its value', () => {
    for (const [name, value] of [['HTTP_PROXY', 'http://user:s3cret@'], ['https_proxy', 'ftp://user:s3cret@proxy:21'], ['HTTPS_PROXY', 'socks5://user:s3cret@proxy:1080']] as const) {
      let error: unknown
      try {
        proxySettingsFromEnv({ [name]: value })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).kind).toBe('input')
      expect((error as AppError).field).toBe(name)
      expect((error as AppError).message).toContain(name)
      expect((error as AppError).message).not.toContain('s3cret')
    }
  })
})

describe('requests through a proxy', () => {
  let sim: Simulator
  let proxy: TestProxy
  const networks: Network[] = []
  const open = (env: Env): Network => {
    const n = networkFromEnv(env)
    networks.push(n)
    return n
  }
  /** the simulator's base URL under a name only the proxy can resolve */
  const viaName = (): string => sim.baseUrl.replace('127.0.0.1', 'bridge.test')

  beforeAll(async () => {
    sim = await startSimulator({ seed: 3, transfers: 50, rotateEveryMs: null })
    proxy = await startTestProxy()
  })
  afterEach(async () => {
    proxy.seen.length = 0
    await Promise.all(networks.splice(0).map((n) => n.close()))
  })
  afterAll(async () => {
    await proxy.close()
    await sim.close()
  })

  it("the service's and the node's requests go to HTTP_PROXY and get their answers through it", async () => {
    const { fetch } = open({ HTTP_PROXY: proxy.url })
    const client = new BridgeClient({ baseUrl: viaName(), rpcUrls: [`${viaName()}/rpc`], retries: 0, fetch })
    expect((await client.queryChainList()).length).toBeGreaterThan(0)
    expect((await client.getVault('latest')).raw).not.toBeNull()
    expect(proxy.seen.map((s) => [s.kind, s.target])).toEqual([
      ['absolute', `${viaName()}/api/queryChainList`],
      ['absolute', `${viaName()}/rpc`]
    ])
  })

  it('the same with lower-case http_proxy; NO_PROXY names go direct (bridge.test resolves nowhere else)', async () => {
    const lower = new BridgeClient({ baseUrl: viaName(), retries: 0, fetch: open({ http_proxy: proxy.url }).fetch })
    expect((await lower.queryChainList()).length).toBeGreaterThan(0)
    expect(proxy.seen).toHaveLength(1)
    const bypass = new BridgeClient({ baseUrl: viaName(), retries: 0, fetch: open({ http_proxy: proxy.url, no_proxy: 'bridge.test' }).fetch })
    const error = await expectAppError(bypass.queryChainList(), 'network')
    expect(error.message).toMatch(/ENOTFOUND|EAI_AGAIN/)
    expect(proxy.seen).toHaveLength(1)
  })

  it('loopback goes direct even with a proxy set, and so does a redirect from a proxied host to loopback', async () => {
    const { fetch } = open({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url })
    const direct = new BridgeClient({ baseUrl: sim.baseUrl, retries: 0, fetch })
    expect((await direct.queryChainList()).length).toBeGreaterThan(0)
    expect(proxy.seen).toEqual([])
    // a host behind the proxy that sends the client to 127.0.0.1: only the first hop is the proxy's
    const hits: string[] = []
    const local: Server = createServer((req, res) => {
      hits.push(req.url ?? '')
      if (req.url === '/away') res.writeHead(302, { Location: `${sim.baseUrl}/icons/chains/x.svg` }).end()
      else res.writeHead(404).end()
    })
    await new Promise<void>((ok) => local.listen(0, '127.0.0.1', ok))
    const port = (local.address() as AddressInfo).port
    try {
      const res = await fetch(`http://redirect.test:${port}/away`)
      await res.body?.cancel()
      expect(res.url).toBe(`${sim.baseUrl}/icons/chains/x.svg`)
      expect(proxy.seen.map((s) => s.target)).toEqual([`http://redirect.test:${port}/away`])
    } finally {
      local.close()
    }
  })

  it('a proxy that drops the connection while opening a tunnel fails the request once, never reconnecting in a loop', async () => {
    let tunnels = 0
    const dropper: Server = createServer()
    dropper.on('connect', (_req, socket: Socket) => {
      tunnels++
      socket.destroy()
    })
    await new Promise<void>((ok) => dropper.listen(0, '127.0.0.1', ok))
    try {
      const { fetch } = open({ HTTPS_PROXY: `http://127.0.0.1:${(dropper.address() as AddressInfo).port}` })
      const client = new BridgeClient({ baseUrl: 'https://bridge.test', retries: 0, timeoutMs: 10_000, fetch })
      const error = await expectAppError(client.queryChainList(), 'network')
      expect(error.message).toMatch(/the proxy closed the connection before the tunnel to bridge\.test was open/)
      expect(tunnels).toBe(1)
    } finally {
      dropper.close()
    }
  })

  it('credentials in the proxy URL go to the proxy as Proxy-Authorization and into no error message', async () => {
    const guarded = await startTestProxy({ credentials: 'us@r:s3cret' })
    try {
      const good = new BridgeClient({ baseUrl: viaName(), retries: 0, fetch: open({ HTTP_PROXY: `http://us%40r:s3cret@127.0.0.1:${guarded.port}` }).fetch })
      expect((await good.queryChainList()).length).toBeGreaterThan(0)
      expect(guarded.seen.map((s) => s.credentials)).toEqual(['us@r:s3cret'])

      const wrongUrl = `http://us%40r:wr0ngpass@127.0.0.1:${guarded.port}`
      const wrong = new BridgeClient({ baseUrl: viaName(), retries: 0, fetch: open({ HTTP_PROXY: wrongUrl, HTTPS_PROXY: wrongUrl }).fetch })
      const refused = await expectAppError(wrong.queryChainList(), 'network')
      expect(refused.message).toMatch(/Proxy Authentication Required \(407\)/)
      const tunnel = new BridgeClient({ baseUrl: viaName().replace('http:', 'https:'), retries: 0, fetch: open({ HTTPS_PROXY: wrongUrl }).fetch })
      const tunnelRefused = await expectAppError(tunnel.queryChainList(), 'network')
      expect(tunnelRefused.message).toMatch(/Proxy response \(407\)/)
      const downUrl = `http://us%40r:d0wnpass@127.0.0.1:${await closedPort()}`
      const down = new BridgeClient({ baseUrl: viaName(), retries: 0, fetch: open({ HTTP_PROXY: downUrl }).fetch })
      const unreachable = await expectAppError(down.queryChainList(), 'network')
      expect(unreachable.message).toContain('ECONNREFUSED')
      const hook = new WebhookSink({ urls: ['http://hooks.test/hook/tok3n123'], format: 'json', timeoutMs: 5_000, fetch: open({ HTTP_PROXY: downUrl }).fetch })
      const [probe] = await hook.probe({ kind: 'test', id: 't', at: 0, profileId: 'p', title: 't', body: 'b' })
      await hook.close(0)
      expect(probe?.reason).toBe('connection refused')
      for (const text of [refused.message, tunnelRefused.message, unreachable.message, probe?.reason ?? '']) {
        expect(text).not.toMatch(/wr0ngpass|d0wnpass|s3cret|us%40r|us@r/)
      }
    } finally {
      await guarded.close()
    }
  })
})

describe('deadlines through a proxy that never answers, GC forced throughout', () => {
  let silent: TestProxy
  let collector: ReturnType<typeof setInterval>

  beforeAll(async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    collector = setInterval(() => gc(), 20)
    silent = await startTestProxy({ mode: 'silent' })
  })
  afterAll(async () => {
    clearInterval(collector)
    await silent.close()
  })

  /** Rejects if `work` is still running after `ms`: a backstop, never the thing measured. */
  async function backstop<T>(ms: number, work: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)))])
    } finally {
      clearTimeout(timer)
    }
  }

  it('http:// through a silent HTTP_PROXY and https:// through a silent CONNECT are timeouts at the limit; close() lets go of both', async () => {
    const network = networkFromEnv({ HTTP_PROXY: silent.url, HTTPS_PROXY: silent.url })
    const before = silent.letGo()
    const seenBefore = silent.seen.length
    for (const base of ['http://bridge.test:8080', 'https://bridge.test']) {
      const client = new BridgeClient({ baseUrl: base, rpcUrls: [`${base}/rpc`], timeoutMs: 1_000, retries: 0, fetch: network.fetch })
      const error = await backstop(10 * 1_000, expectAppError(client.queryChainList(), 'timeout'))
      expect(error.message).toMatch(/within 1 s/)
      expect((await backstop(10 * 1_000, expectAppError(client.getVault('latest'), 'timeout'))).operation).toBe('tss_getVault')
    }
    // Each went to the proxy (bridge.test resolves nowhere else: direct would be a network error, not a
    // timeout). On a busy machine a request can reach its limit before its connection reaches the proxy, so
    // what the proxy saw is checked by kind, not by count.
    const kinds = silent.seen.slice(seenBefore).map((s) => s.kind)
    expect(kinds).toContain('absolute')
    expect(kinds).toContain('connect')
    await network.close()
    // every connection the proxy held is let go
    await vi.waitFor(() => expect(silent.holding()).toBe(0), { timeout: 120_000 })
    expect(silent.letGo() - before).toBeGreaterThanOrEqual(kinds.length)
  })

  it('a webhook through a silent proxy gives up at its own timeout', async () => {
    const network = networkFromEnv({ HTTP_PROXY: silent.url })
    const sink = new WebhookSink({ urls: ['http://hooks.test/hook/tok3n123'], format: 'json', timeoutMs: 300, fetch: network.fetch })
    for (let i = 0; i < 3; i++) {
      const [r] = await backstop(10 * 300, sink.probe({ kind: 'test', id: `t${i}`, at: 0, profileId: 'p', title: 't', body: 'b' }))
      expect([i, r?.reason]).toEqual([i, 'no answer within 0.3 s (timeout)'])
    }
    await sink.close(0)
    await network.close()
    await vi.waitFor(() => expect(silent.holding()).toBe(0), { timeout: 120_000 })
  })
})
