// The loopback servers' body reader (the demo network, the browser shell), through a real HTTP server on
// 127.0.0.1: a body comes back as sent, however the client cut it into chunks (characters split across chunks, a
// byte-order mark kept); past the cap the read stops with BodyTooLargeError and the server can still say so.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BodyTooLargeError, readBody } from '../../../src/shared/http-body'

const CAP = 4096
let server: Server
let url = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    readBody(req, CAP).then(
      (text) => {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ text }))
      },
      (error: unknown) => {
        res.writeHead(error instanceof BodyTooLargeError ? 413 : 500)
        res.end(String((error as Error).message))
      }
    )
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()))
})

/** `bytes` sent as a streamed request body, cut at `cuts`. */
function send(bytes: Uint8Array, cuts: number[]): Promise<Response> {
  const bounds = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b)
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 1; i < bounds.length; i++) c.enqueue(bytes.subarray(bounds[i - 1], bounds[i]))
      c.close()
    }
  })
  return fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit)
}

describe('readBody', () => {
  it('gives back the text as sent, however it was cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 600 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), async (text, cuts, bom) => {
        const sent = (bom ? '\uFEFF' : '') + text
        const bytes = new TextEncoder().encode(sent)
        fc.pre(bytes.length <= CAP)
        const res = await send(bytes, cuts)
        expect(res.status).toBe(200)
        expect(((await res.json()) as { text: string }).text).toBe(sent)
      }),
      { numRuns: 40 }
    )
  })

  it('stops past the cap, and the server still answers that it is too large', async () => {
    const res = await send(new Uint8Array(CAP + 1).fill(0x61), [1000, 3000])
    expect(res.status).toBe(413)
    expect(await res.text()).toBe(`request body larger than ${CAP} bytes`)
  })
})
