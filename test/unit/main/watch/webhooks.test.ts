// Webhook sink against receivers on 127.0.0.1: order, retry after a 500, formats, and a hanging receiver
// that must not delay polls.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WatchEvent } from '../../../../src/shared/watch'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { runWatchCommand } from '../../../../src/cli/watch'
import { webhookBody, WebhookSink } from '../../../../src/main/watch/webhooks'
import { simClient, tempDir } from './helpers'

async function receiver(answer: (n: number, body: string) => number | null): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = []
  let n = 0
  const server = createServer((req: IncomingMessage, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      const status = answer(n++, text)
      if (status === null) return // hang
      if (status === 200) bodies.push(text)
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const addr = server.address()
  return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook?token=secret`, bodies, server }
}

function ev(i: number): WatchEvent {
  return { kind: 'node-recovered', id: `n${i}`, url: 'http://node', downSince: null, title: 'Vault node answers again', body: `poll ${i}`, at: 1_700_000_000_000 + i, profileId: 'cli' }
}

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 10, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
  // receivers that hang keep sockets: they are closed in their tests
})

describe('webhooks', () => {
  it('events arrive in order, one JSON document each, a 500 is retried; failures are counted', async () => {
    const r = await receiver((n) => (n === 1 ? 500 : 200))
    const failures: string[] = []
    const sink = new WebhookSink({ urls: [r.url], format: 'json', baseDelayMs: 10, onFailure: (_u, why) => failures.push(why) })
    for (let i = 0; i < 3; i++) sink.send(ev(i))
    await sink.close(5000)
    expect(r.bodies.map((b) => (JSON.parse(b) as { data: { body?: string; id: string } }).data.id)).toEqual(['n0', 'n1', 'n2'])
    const first = JSON.parse(r.bodies[0]!) as Record<string, unknown>
    expect(first).toMatchObject({ event: 'node-recovered', message: 'Vault node answers again: poll 0', at: new Date(1_700_000_000_000).toISOString() })
    expect(failures).toEqual([])

    const dead = new WebhookSink({ urls: [r.url.replace(/:\d+/, ':1')], format: 'json', attempts: 2, baseDelayMs: 10, onFailure: (_u, why) => failures.push(why) })
    dead.send(ev(9))
    await dead.close(5000)
    expect(failures).toHaveLength(1)
    expect(failures[0]).not.toContain('secret') // the URL's token never reaches a log
    r.server.close()
  })

  it('--webhook takes the app\'s rule: a user:password@ URL is refused (exit 2) without echoing it', async () => {
    let err = ''
    const io = { stdout: { write: () => true }, stderr: { write: (t: string) => (err += t) }, env: { BRIDGESCOPE_DATA_DIR: tempDir() } }
    const stop = new AbortController()
    stop.abort()
    const code = await runWatchCommand(['vault', '--webhook', 'https://me:hunter2@hooks.example/x/tok123'], io, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })
    expect(code).toBe(2)
    expect(err).toMatch(/user name or password is not supported/)
    expect(err).not.toMatch(/hunter2|tok123/)
  })

  it('slack and discord bodies carry the notification wording', () => {
    expect(webhookBody(ev(1), 'slack')).toEqual({ text: 'Vault node answers again: poll 1' })
    expect(webhookBody(ev(1), 'discord')).toEqual({ content: 'Vault node answers again: poll 1', allowed_mentions: { parse: [] } })
  })

  it('a receiver that hangs does not delay polls; shutdown is bounded and exits 0', async () => {
    const r = await receiver(() => null)
    const out = { stdout: { text: '', write(t: string) { this.text += t } }, stderr: { text: '', write(t: string) { this.text += t } }, env: { BRIDGESCOPE_DATA_DIR: tempDir() } }
    const stop = new AbortController()
    const done = runWatchCommand(['vault', '--interval', '1', '--webhook', r.url], out, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })
    await vi.waitFor(() => expect(sim.stats().requests.tss_getVault).toBeGreaterThan(0), { timeout: 120_000 })
    sim.rotateVault()
    await vi.waitFor(() => expect(out.stdout.text).toContain('vault-change'), { timeout: 120_000 })
    const after = sim.stats().requests.tss_getVault
    // the hook is hanging on the rotation's POST; polls go on regardless
    await vi.waitFor(() => expect(sim.stats().requests.tss_getVault).toBeGreaterThan(after + 1), { timeout: 120_000 })
    stop.abort()
    expect(await done).toBe(0)
    r.server.closeAllConnections()
    r.server.close()
  })
})

describe('failure reasons say what a person acts on', () => {
  it('refused, timed out, a port fetch will not use, HTTP status: each in words; the URL never in them', async () => {
    const closed = await receiver(() => 200)
    const port = (closed.server.address() as { port: number }).port
    await new Promise((r) => closed.server.close(r))
    const hang = await receiver(() => null)
    const fail = await receiver(() => 503)
    const reasons = async (url: string): Promise<string | null> => {
      const sink = new WebhookSink({ urls: [url], format: 'json', timeoutMs: 300 })
      const [r] = await sink.probe(ev(1))
      await sink.close(0)
      return r?.reason ?? null
    }
    expect(await reasons(`http://127.0.0.1:${port}/hook/tok3n123`)).toBe('connection refused')
    expect(await reasons(hang.url)).toBe('no answer within 0.3 s (timeout)')
    expect(await reasons('http://127.0.0.1:9/hook/tok3n123')).toBe('fetch failed: bad port')
    expect(await reasons(fail.url)).toBe('HTTP 503 Service Unavailable')
    expect(fail.bodies).toEqual([])
    hang.server.closeAllConnections()
    hang.server.close()
    fail.server.close()
  })
})

describe('a webhook timeout holds whatever the garbage collector does', () => {
  it('a receiver that never answers is a timeout at the limit on every try, GC forced throughout; its connection is let go', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    let letGo = 0
    const server = createServer((req) => req.socket.on('close', () => letGo++))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook/tok3n123`
    const collector = setInterval(() => gc(), 20)
    try {
      for (let i = 0; i < 5; i++) {
        const sink = new WebhookSink({ urls: [url], format: 'json', timeoutMs: 300 })
        const started = Date.now()
        const [r] = await sink.probe(ev(i))
        expect([i, r?.reason]).toEqual([i, 'no answer within 0.3 s (timeout)'])
        // a backstop only, ten times the limit: the receiver never answers, so a probe that outlived the
        // collection of its signal would wait here for ever
        expect(Date.now() - started).toBeLessThan(10 * 300)
        await sink.close(0)
      }
      await vi.waitFor(() => expect(letGo).toBe(5), { timeout: 120_000 })
    } finally {
      clearInterval(collector)
      server.closeAllConnections()
      server.close()
    }
  })
})
