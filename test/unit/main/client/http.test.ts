// A body's bytes to text: exactly what a fatal UTF-8 TextDecoder answers, text or refusal, for any bytes; and a
// one-attempt request's answer, the same on the network's own road as on a fetch.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { AppError } from '@shared/errors'
import { getForText, utf8Text, type ArrivedBody } from '../../../../src/main/client/http'
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

// A request with no retries (a health server's) goes down the network's own road where it has one, its answer
// read as it came; on a plain fetch it is read from a Response. The user sees the same either way: the same text,
// or the same error in the same words, for any status, body, size and content coding a server answers with.
describe('one attempt, on either road', () => {
  let server: Server
  let base = ''
  let network: Network
  beforeAll(async () => {
    server = createServer((req, res) => {
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
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    network = networkFromEnv({})
  })
  afterAll(async () => {
    await network?.close()
    await new Promise((r) => server?.close(r))
  })

  const outcome = (p: Promise<ArrivedBody>): Promise<unknown> =>
    p.then(
      (a) => ({ text: a.text, status: a.status, contentType: a.contentType }),
      (e: unknown) => (e instanceof AppError ? { kind: e.kind, code: e.code, message: e.message } : { thrown: String(e) })
    )

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
        const url = `${base}/?status=${a.status}&kind=${a.kind}&size=${a.size}&gzip=${a.gzip ? 1 : 0}&chunked=${a.chunked ? 1 : 0}`
        const opts = { retries: 0, maxBytes: a.maxBytes }
        const ownRoad = await outcome(getForText(url, 'the probe', { ...opts, fetch: network.fetch }))
        const plain = await outcome(getForText(url, 'the probe', { ...opts, fetch: (input, init) => fetch(input, init) }))
        expect(ownRoad).toEqual(plain)
      }),
      { numRuns: 60 }
    )
  })
})
