// The CLI behind a proxy, as a user runs it: the built `bin/bridgescope.js` as a child process with proxy
// variables in its environment, against the simulator. The service is named bridge.test, a name only the
// test proxy resolves (to 127.0.0.1): a CLI that connected directly would fail with ENOTFOUND, so an answer
// proves the request went through the proxy. An in-process run with the garbage collector forced checks
// that the timeout holds through a proxy that never answers.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https'
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { main } from '../../../src/cli'
import { startSimulator, type Simulator } from '../../support/simulator'
import { closedPort, startTestProxy, type TestProxy } from '../main/net/test-proxy'

const CA_FILE = resolve('test/fixtures/tls/bridge.test.crt')
const TIMEOUT_MS = 1_000

let sim: Simulator
let proxy: TestProxy
let tls: HttpsServer
/** the simulator under a name only the proxy resolves */
let viaName: string
/** the same, over https, through a TLS front that relays to the simulator */
let viaTls: string

beforeAll(async () => {
  sim = await startSimulator({ seed: 9, transfers: 50, rotateEveryMs: null })
  proxy = await startTestProxy()
  viaName = sim.baseUrl.replace('127.0.0.1', 'bridge.test')
  const sim0 = new URL(sim.baseUrl)
  tls = createHttpsServer({ key: readFileSync('test/fixtures/tls/bridge.test.key'), cert: readFileSync(CA_FILE) }, (req: IncomingMessage, res) => {
    const up = request({ host: '127.0.0.1', port: sim0.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  await new Promise<void>((ok) => tls.listen(0, '127.0.0.1', ok))
  viaTls = `https://bridge.test:${(tls.address() as AddressInfo).port}`
})
afterEach(() => {
  proxy.seen.length = 0
})
afterAll(async () => {
  tls.closeAllConnections()
  await new Promise<void>((ok) => tls.close(() => ok()))
  await proxy.close()
  await sim.close()
})

interface Run {
  code: number | null
  out: string
  err: string
  exitedAt: number
}

/** This process's environment without any proxy variable or endpoint of the developer's own. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(https?|no|all)_proxy$/i.test(k) || k.startsWith('BRIDGESCOPE_') || k === 'NODE_EXTRA_CA_CERTS') continue
    env[k] = v
  }
  return env
}

/** Runs the built CLI with `env` added to a clean environment and a fresh data folder. */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['bin/bridgescope.js', ...args], {
    env: { ...baseEnv(), BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-cli-proxy-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  return new Promise((ok, fail) => {
    child.on('error', fail)
    child.on('close', (code) => ok({ code, out, err, exitedAt: Date.now() }))
  })
}

const targets = (p: TestProxy = proxy): string[] => p.seen.map((s) => `${s.kind} ${s.target}`)

describe('the CLI honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY', () => {
  it('http:// goes to HTTP_PROXY, and to lower-case http_proxy, and the answers come back through it', async () => {
    for (const name of ['HTTP_PROXY', 'http_proxy']) {
      const r = await cli(['chains', '--base-url', viaName], { [name]: proxy.url })
      expect([name, r.code, r.err]).toEqual([name, 0, ''])
      expect(r.out).toMatch(/^CHAIN ID\s+NAME/)
      expect(targets()).toEqual([`absolute ${viaName}/api/queryChainList`])
      proxy.seen.length = 0
    }
    const vault = await cli(['vault', '--rpc-url', `${viaName}/rpc`, '--json'], { http_proxy: proxy.url })
    expect(vault.code).toBe(0)
    expect(JSON.parse(vault.out)).toHaveProperty('query', 'latest')
    expect(targets()).toEqual([`absolute ${viaName}/rpc`])
  })

  it('https:// goes to HTTPS_PROXY, and to https_proxy, through a CONNECT tunnel, with the certificate checked end to end', async () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy']) {
      const r = await cli(['chains', '--base-url', viaTls], { [name]: proxy.url, NODE_EXTRA_CA_CERTS: CA_FILE })
      expect([name, r.code, r.err]).toEqual([name, 0, ''])
      expect(r.out).toMatch(/^CHAIN ID\s+NAME/)
      expect(targets()).toEqual([`connect ${new URL(viaTls).host}`])
      proxy.seen.length = 0
    }
    // the tunnel carries TLS to the host itself: without trusting its certificate the CLI refuses it
    const untrusted = await cli(['chains', '--base-url', viaTls], { HTTPS_PROXY: proxy.url })
    expect(untrusted.code).toBe(1)
    expect(untrusted.err).toMatch(/certificate/i)
    expect(new Set(targets())).toEqual(new Set([`connect ${new URL(viaTls).host}`])) // through the tunnel (and retried)
    proxy.seen.length = 0
    // HTTP_PROXY alone is not used for https://: the CLI goes direct, where bridge.test does not resolve
    const httpOnly = await cli(['chains', '--base-url', viaTls], { HTTP_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: CA_FILE })
    expect(httpOnly.code).toBe(1)
    expect(httpOnly.err).toMatch(/ENOTFOUND|EAI_AGAIN/)
    expect(targets()).toEqual([])
  })

  it('names in NO_PROXY (or no_proxy) go direct: the proxy sees nothing and bridge.test resolves nowhere', async () => {
    for (const [name, value] of [['NO_PROXY', 'bridge.test'], ['no_proxy', 'example.org,.bridge.test']]) {
      const r = await cli(['chains', '--base-url', viaName], { HTTP_PROXY: proxy.url, [name as string]: value as string })
      expect([name, r.code]).toEqual([name, 1])
      expect(r.err).toMatch(/bridgescope: .*(ENOTFOUND|EAI_AGAIN)/)
    }
    expect(targets()).toEqual([])
  })

  it('loopback is never proxied: 127.0.0.1 and localhost go direct with every variable set', async () => {
    const env = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url, https_proxy: proxy.url }
    for (const base of [sim.baseUrl, sim.baseUrl.replace('127.0.0.1', 'localhost')]) {
      const r = await cli(['chains', '--base-url', base], env)
      expect([base, r.code, r.err]).toEqual([base, 0, ''])
    }
    expect(targets()).toEqual([])
  })

  it('credentials in the proxy URL are sent to the proxy and never printed', async () => {
    const guarded = await startTestProxy({ credentials: 'bridge:s3cret-pw' })
    try {
      const good = await cli(['chains', '--base-url', viaName], { HTTP_PROXY: `http://bridge:s3cret-pw@127.0.0.1:${guarded.port}` })
      expect(good.code).toBe(0)
      expect(guarded.seen.map((s) => s.credentials)).toEqual(['bridge:s3cret-pw'])
      const runs = [
        await cli(['chains', '--base-url', viaName], { HTTP_PROXY: `http://bridge:wr0ng-pw@127.0.0.1:${guarded.port}` }),
        await cli(['chains', '--base-url', viaTls], { HTTPS_PROXY: `http://bridge:wr0ng-pw@127.0.0.1:${guarded.port}`, NODE_EXTRA_CA_CERTS: CA_FILE }),
        await cli(['chains', '--base-url', viaName], { HTTP_PROXY: `http://bridge:d0wn-pw@127.0.0.1:${await closedPort()}` }),
        await cli(['chains', '--base-url', viaName], { HTTP_PROXY: 'http://bridge:b4d-pw@' })
      ]
      expect(runs.map((r) => r.code)).toEqual([1, 1, 1, 2])
      expect(runs[0]?.err).toMatch(/407/)
      expect(runs[1]?.err).toMatch(/407/)
      expect(runs[2]?.err).toMatch(/ECONNREFUSED/)
      expect(runs[3]?.err).toMatch(/HTTP_PROXY is not a usable proxy URL/)
      for (const r of runs) expect(r.out + r.err).not.toMatch(/pw@|wr0ng|d0wn|b4d|bridge:/)
    } finally {
      await guarded.close()
    }
  })

  it('a proxy that takes the connection and never answers: the request ends in its timeout error and the CLI exits', async () => {
    const silent = await startTestProxy({ mode: 'silent' })
    try {
      for (const [base, env] of [
        [viaName, { HTTP_PROXY: silent.url }],
        [viaTls, { HTTPS_PROXY: silent.url, NODE_EXTRA_CA_CERTS: CA_FILE }]
      ] as const) {
        const seen = silent.seen.length
        const running = cli(['chains', '--base-url', base, '--timeout', String(TIMEOUT_MS)], env)
        await vi.waitFor(() => expect(silent.seen.length).toBe(seen + 1), { timeout: 120_000, interval: 20 })
        const heldAt = Date.now()
        const r = await running
        expect([base, r.code]).toEqual([base, 1])
        expect(r.err).toMatch(/no complete answer within 1 s/)
        // a backstop, ten times the limit, from the moment the proxy held the request: the exit is what counts
        expect(r.exitedAt - heldAt).toBeLessThan(10 * TIMEOUT_MS)
        await vi.waitFor(() => expect(silent.holding()).toBe(0), { timeout: 120_000 })
      }
      expect(silent.seen.map((s) => s.kind)).toEqual(['absolute', 'connect'])
    } finally {
      await silent.close()
    }
  })
})

describe('the headless watcher behind a proxy', () => {
  it('polls the node and posts its webhooks through HTTP_PROXY, and stops cleanly', async () => {
    const posts: string[] = []
    const hooks: Server = createServer((req, res) => {
      posts.push(req.url ?? '')
      req.resume().on('end', () => res.writeHead(204).end())
    })
    await new Promise<void>((ok) => hooks.listen(0, '127.0.0.1', ok))
    const hook = `http://hooks.test:${(hooks.address() as AddressInfo).port}/hook/tok3n123`
    const stop = new AbortController()
    let out = ''
    let err = ''
    try {
      const running = main(['watch', 'vault', '--rpc-url', `${viaName}/rpc`, '--interval', '1', '--webhook', hook], {
        stdout: { write: (s: string) => (out += s) },
        stderr: { write: (s: string) => (err += s) },
        env: { BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-cli-proxy-watch-')), HTTP_PROXY: proxy.url },
        signal: stop.signal
      })
      // a second poll through the proxy: the first has been answered, so the watcher holds its baseline and the
      // rotation below is a change it sees (rotating sooner could become the baseline itself)
      await vi.waitFor(() => expect(targets().filter((t) => t === `absolute ${viaName}/rpc`).length).toBeGreaterThanOrEqual(2), { timeout: 120_000 })
      sim.rotateVault()
      await vi.waitFor(() => expect(posts).toEqual(['/hook/tok3n123']), { timeout: 120_000 })
      expect(out).toContain('vault-change')
      expect(targets()).toContain(`absolute ${hook}`)
      stop.abort()
      expect(await running).toBe(0)
      expect(err).not.toMatch(/failed/)
    } finally {
      stop.abort()
      hooks.close()
    }
  })
})

describe('the TSS commands behind a proxy', () => {
  it('watch tss polls the TSS API and reads the chain list through HTTP_PROXY, and stops cleanly', async () => {
    const stop = new AbortController()
    let err = ''
    const running = main(['watch', 'tss', '--tss-url', viaName, '--base-url', viaName, '--interval', '1'], {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (err += s) },
      env: { BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-cli-proxy-tss-')), HTTP_PROXY: proxy.url },
      signal: stop.signal
    })
    try {
      // bridge.test resolves only through the proxy: the chain list read and the watch started prove the first
      // went through it, a scan height asked of the TSS API the second
      await vi.waitFor(() => expect(err).toContain(`watching the TSS API at ${viaName}`), { timeout: 120_000 })
      expect(targets()).toContain(`absolute ${viaName}/api/queryChainList`)
      await vi.waitFor(() => expect(targets().some((t) => t.startsWith(`absolute ${viaName}/cross/chain/height`))).toBe(true), { timeout: 120_000 })
    } finally {
      stop.abort()
    }
    expect(await running).toBe(0)
    expect(err).not.toMatch(/ENOTFOUND|EAI_AGAIN/)
  })

  it('tss heights follows the chain list through HTTP_PROXY as well as the TSS API', async () => {
    const r = await cli(['tss', 'heights', '--tss-url', viaName, '--base-url', viaName], { HTTP_PROXY: proxy.url })
    expect([r.code, r.err]).toEqual([0, ''])
    expect(r.out).toMatch(/^CHAIN ID\s+NAME\s+SCAN HEIGHT/)
    expect(targets()).toContain(`absolute ${viaName}/api/queryChainList`)
    expect(targets().some((t) => t.startsWith(`absolute ${viaName}/cross/chain/height`))).toBe(true)
  })
})

describe('in process, with the garbage collector forced throughout', () => {
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

  it('chains and vault through a proxy that never answers end in their timeout, and the command lets the connections go', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bs-cli-proxy-gc-'))
    for (const args of [
      ['chains', '--base-url', 'http://bridge.test:8080'],
      ['vault', '--rpc-url', 'http://bridge.test:8080/rpc'],
      ['chains', '--base-url', 'https://bridge.test']
    ]) {
      let err = ''
      const started = Date.now()
      const code = await main([...args, '--timeout', String(TIMEOUT_MS)], {
        stdout: { write: () => true },
        stderr: { write: (s: string) => (err += s) },
        env: { BRIDGESCOPE_DATA_DIR: dataDir, HTTP_PROXY: silent.url, HTTPS_PROXY: silent.url }
      })
      expect([args[0], code]).toEqual([args[0], 1])
      expect(err).toMatch(/no complete answer within 1 s/)
      expect(Date.now() - started).toBeLessThan(10 * TIMEOUT_MS) // backstop only
      await vi.waitFor(() => expect(silent.holding()).toBe(0), { timeout: 120_000 })
    }
    expect(silent.seen.map((s) => s.kind)).toEqual(['absolute', 'absolute', 'connect'])
  })
})
