// A port that refuses a connection refuses it again at once: the request fails on its first try and says
// so in words, while other network failures still get their retries.
import { createServer } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getJson, postJson } from '../../../../src/main/client/http'
import { AppError } from '../../../../src/shared/errors'

/** A fetch that fails like Node's does, with the system error as its cause, and counts its calls. */
function failingFetch(code: string): { fetch: typeof fetch; calls: () => number } {
  let calls = 0
  const f = (async () => {
    calls++
    const cause = Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code })
    throw new TypeError('fetch failed', { cause })
  }) as unknown as typeof fetch
  return { fetch: f, calls: () => calls }
}

describe('a refused connection', () => {
  it('is not retried, and its message names the host and the refusal', async () => {
    const f = failingFetch('ECONNREFUSED')
    const e = await getJson('http://127.0.0.1:9/api/x', 'getThing', {
      fetch: f.fetch,
      retries: 2,
      retryDelayMs: () => 0
    }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(AppError)
    expect(f.calls()).toBe(1)
    expect((e as AppError).kind).toBe('network')
    expect((e as AppError).message).toBe(
      'cannot reach the service: nothing answers at 127.0.0.1:9: the connection was refused (ECONNREFUSED)'
    )
  })
  it('other network failures keep their retries', async () => {
    const f = failingFetch('ECONNRESET')
    await expect(
      postJson(
        'http://127.0.0.1:9/api/x',
        'getThing',
        {},
        { fetch: f.fetch, retries: 2, retryDelayMs: () => 0 }
      )
    ).rejects.toThrow(/ECONNRESET/)
    expect(f.calls()).toBe(3)
  })
  it('a real closed port on 127.0.0.1 is asked once, with the default retries', async () => {
    // a port that was just free: bind, note it, close — nothing listens there now
    const port = await new Promise<number>((resolve) => {
      const s = createServer()
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => resolve(p))
      })
    })
    let calls = 0
    const counting = ((input: string | URL | Request, init?: RequestInit) => {
      calls++
      return fetch(input, init)
    }) as typeof fetch
    // with a retry delay of a minute, a retry would outlast the test: only no retry lets it end
    const e = await getJson(`http://127.0.0.1:${port}/api/x`, 'getThing', {
      fetch: counting,
      retryDelayMs: () => 60_000
    }).catch((x: unknown) => x)
    expect((e as AppError).message).toContain(`nothing answers at 127.0.0.1:${port}`)
    expect(calls).toBe(1)
  })
})

describe('a port the network stack refuses to connect to', () => {
  it("Node's own fetch: asked once, and the message names the port, not a refusal by a listener", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(1, 7, 9, 25, 6000, 10080), fc.constantFrom('getThing', 'tss_getVault'), async (port, operation) => {
        let calls = 0
        const counting = ((input: string | URL | Request, init?: RequestInit) => {
          calls++
          return fetch(input, init)
        }) as typeof fetch
        const e = await getJson(`http://127.0.0.1:${port}/api/x`, operation, { fetch: counting, retryDelayMs: () => 60_000 }).catch((x: unknown) => x)
        expect((e as AppError).kind).toBe('network')
        expect((e as AppError).message).toBe(`cannot reach the service: port ${port} is one the network stack refuses to connect to (a port kept for another protocol)`)
        expect(calls).toBe(1)
      }),
      { numRuns: 12 }
    )
  })
  it("Chromium's stack in Electron (net::ERR_UNSAFE_PORT) reads the same", async () => {
    let calls = 0
    const electronLike = (async () => {
      calls++
      throw new Error('net::ERR_UNSAFE_PORT')
    }) as unknown as typeof fetch
    const e = await getJson('http://127.0.0.1:6000/api/x', 'getThing', { fetch: electronLike, retries: 2, retryDelayMs: () => 0 }).catch((x: unknown) => x)
    expect((e as AppError).message).toContain('port 6000 is one the network stack refuses to connect to')
    expect(calls).toBe(1)
  })
})
