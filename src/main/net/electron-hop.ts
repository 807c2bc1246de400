// One hop of the query service's request on Chromium's stack, its redirect not followed. Electron's net.fetch
// cannot do it: asked with redirect 'manual' it fails with "Redirect was cancelled" and drops the Location
// (electron/electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb:lib/common/api/net-client-request.ts, the
// 'redirect' listener). Its ClientRequest can: in 'manual' mode it emits 'redirect' with the target before it
// ends the request, and that is answered here as the Fetch standard answers a manual redirect (status and
// Location, no body). Any other answer becomes a Response as net.fetch builds it
// (same commit, lib/browser/api/net-fetch.ts): Chromium has already decoded any content coding.
import { Readable } from 'node:stream'
import type { ClientRequest, ClientRequestConstructorOptions, IncomingMessage } from 'electron'

/** Statuses whose answer has no body for fetch. */
const NULL_BODY: ReadonlySet<number> = new Set([101, 204, 205, 304])

type Request = (options: ClientRequestConstructorOptions) => ClientRequest

/** A fetch of one hop on Electron's `net.request`: method, headers, a text body and the signal of `init` are used. */
export function electronHop(request: Request): (input: string, init: RequestInit) => Promise<Response> {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? null
      if (signal?.aborted) return reject(signal.reason)
      const r = request({ url: input, method: init.method ?? 'GET', redirect: 'manual' })
      signal?.addEventListener(
        'abort',
        () => {
          reject(signal.reason)
          r.abort()
        },
        { once: true }
      )
      for (const [name, value] of new Headers(init.headers)) r.setHeader(name, value)
      // not followed: Electron ends the request with an error once this listener returns, which changes nothing
      r.on('redirect', (status, _method, location) => resolve(new Response(null, { status, headers: { location } })))
      r.on('response', (message: IncomingMessage) => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(message.headers)) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
        const body = NULL_BODY.has(message.statusCode) || init.method === 'HEAD' ? null : (Readable.toWeb(message as unknown as Readable) as ReadableStream<Uint8Array>)
        resolve(new Response(body, { headers, status: message.statusCode, statusText: message.statusMessage }))
      })
      r.on('error', reject)
      r.end(typeof init.body === 'string' ? init.body : undefined)
    })
}
