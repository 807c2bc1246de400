// A body's bytes to text: exactly what a fatal UTF-8 TextDecoder answers, text or refusal, for any bytes; and a
// request's answer, with retries or without, the same on the network's own road as on a fetch.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { AppError } from '@shared/errors'
import { getForText, postForText, utf8Text, type ArrivedBody } from '../../../../src/main/client/http'
import { networkFromEnv, type Network } from '../../../../src/main/net'

const strict = (bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

describe('a body read as UTF-8 text', () => {
  it('reads any bytes as a fatal TextDecoder does: the same text, or refused', () => {
    // Text with a BOM or not, and bytes that are not UTF-8: lone continuation bytes, overlong forms,
    // surrogates written as UTF-8, a sequence cut short at the end.
    const odd = fc.constantFrom([0xef, 0xbb, 0xbf], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xff])
    const bytes = fc.oneof(
      fc.tuple(fc.boolean(), fc.string({ unit: 'grapheme', maxLength: 40 })).map(([bom, s]) => Buffer.from((bom ? '\ufeff' : '') + s, 'utf8')),
      fc.tuple(fc.string({ maxLength: 20 }), odd, fc.string({ maxLength: 20 })).map(([a, o, b]) => Buffer.concat([Buffer.from(a), Buffer.from(o), Buffer.from(b)])),
      fc.uint8Array({ maxLength: 64 }).map((u) => Buffer.from(u))
    )
    fc.assert(
      fc.property(bytes, (b) => {
        expect(utf8Text(b)).toBe(strict(b))
      }),
      { numRuns: 2000 }
    )
  })

  it('drops one leading BOM and keeps a second', () => {
    expect(utf8Text(Buffer.from('\ufeff\ufeff{"a":1}', 'utf8'))).toBe('\ufeff{"a":1}')
  })
})

/** A server on loopback for the roads below to ask, and the CLI's network (its own road) to ask it by. */
function servedRoads(handler: RequestListener): { base: () => string; network: () => Network } {
  let server: Server | undefined
  let base = ''
  let network: Network | undefined
  beforeAll(async () => {
    server = createServer(handler)
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    network = networkFromEnv({})
  })
  afterAll(async () => {
    await network?.close()
    await new Promise((r) => server?.close(r))
  })
  return { base: () => base, network: () => network as Network }
}

/** What a user is shown of a request: the text, or the error in its words. */
const outcome = (p: Promise<ArrivedBody>): Promise<unknown> =>
  p.then(
    (a) => ({ text: a.text, status: a.status, contentType: a.contentType }),
    (e: unknown) => (e instanceof AppError ? { kind: e.kind, code: e.code, message: e.message } : { thrown: String(e) })
  )

// A request with no retries (a health server's) goes down the network's own road where it has one, its answer
// read as it came; on a plain fetch it is read from a Response. The user sees the same either way: the same text,
// or the same error in the same words, for any status, body, size and content coding a server answers with.
describe('one attempt, on either road', () => {
  const roads = servedRoads((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const status = Number(u.searchParams.get('status'))
    const kind = u.searchParams.get('kind')
    const size = Number(u.searchParams.get('size'))
    const body =
      kind === 'html'
        ? `<html><body>${'x'.repeat(size)}</body></html>`
        : kind === 'json-error'
          ? JSON.stringify({ message: `no ${'y'.repeat(size)}` })
          : kind === 'bytes'
            ? Buffer.from([0xff, 0xfe, ...Array.from({ length: size }, () => 0x41)])
            : JSON.stringify({ ok: 'z'.repeat(size) })
    const bytes = typeof body === 'string' ? Buffer.from(body) : body
    const gzip = u.searchParams.get('gzip') === '1'
    const sent = gzip ? gzipSync(bytes) : bytes
    res.writeHead(status, {
      'content-type': kind === 'html' ? 'text/html' : 'text/plain',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      ...(u.searchParams.get('chunked') === '1' ? {} : { 'content-length': String(sent.length) })
    })
    res.end(sent)
  })

  it('answers the same text or the same error on the own road as on fetch', async () => {
    const answer = fc.record({
      status: fc.constantFrom(200, 201, 204, 400, 404, 429, 500, 502, 503),
      kind: fc.constantFrom('json', 'json-error', 'html', 'bytes'),
      size: fc.constantFrom(0, 10, 2_000, 70_000),
      gzip: fc.boolean(),
      chunked: fc.boolean(),
      maxBytes: fc.constantFrom(1_000, 100_000)
    })
    await fc.assert(
      fc.asyncProperty(answer, async (a) => {
        const url = `${roads.base()}/?status=${a.status}&kind=${a.kind}&size=${a.size}&gzip=${a.gzip ? 1 : 0}&chunked=${a.chunked ? 1 : 0}`
        const opts = { retries: 0, maxBytes: a.maxBytes }
        const ownRoad = await outcome(getForText(url, 'the probe', { ...opts, fetch: roads.network().fetch }))
        const plain = await outcome(getForText(url, 'the probe', { ...opts, fetch: (input, init) => fetch(input, init) }))
        expect(ownRoad).toEqual(plain)
      }),
      { numRuns: 60 }
    )
  })
})

// On the network's own road a request's first attempt goes without ky, and ky is handed its outcome only when it
// might try again; on a fetch ky makes every attempt. Whatever a server answers, try after try — a 2xx, a final
// status, a status ky retries (with Retry-After or not), a connection dropped — the user sees the same text or
// the same error in the same words, after as many requests, on either road.
describe('with retries, on either road', () => {
  const seen = new Map<string, number>()
  const roads = servedRoads((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    const key = u.searchParams.get('key') ?? ''
    const script = (u.searchParams.get('script') ?? '').split(',')
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    const step = script[Math.min(n, script.length - 1)] ?? '200'
    req.resume()
    if (step === 'drop') return void req.socket.destroy()
    const [code, after] = step.split('r')
    const status = Number(code)
    const body = status === 200 ? JSON.stringify({ ok: `try ${n + 1}` }) : JSON.stringify({ message: `refused at try ${n + 1}` })
    res.writeHead(status, { 'content-type': 'application/json', ...(after !== undefined ? { 'retry-after': after || '0' } : {}) })
    res.end(body)
  })

  it('answers the same text or error after as many requests on the own road as on fetch', async () => {
    const step = fc.constantFrom('200', '200', '404', '400', '500', '502', '503', '503r0', '429r0', '429r', '408', 'drop')
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 2 }), fc.boolean(), async (script, retries, post) => {
        run++
        const ask = (road: string, fetch: NonNullable<Parameters<typeof getForText>[2]>['fetch']): Promise<unknown> => {
          const url = `${roads.base()}/?key=${run}-${road}&script=${script.join(',')}`
          const opts = { retries, retryDelayMs: () => 0, ...(fetch ? { fetch } : {}) }
          return outcome(post ? postForText(url, 'the probe', { ask: road.length }, opts) : getForText(url, 'the probe', opts))
        }
        const ownRoad = await ask('own', roads.network().fetch)
        const plain = await ask('fetch', (input, init) => fetch(input, init))
        expect(ownRoad).toEqual(plain)
        expect(seen.get(`${run}-own`)).toBe(seen.get(`${run}-fetch`))
      }),
      { numRuns: 80 }
    )
  })
})
