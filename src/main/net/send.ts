// The two roads one request of the client's HTTP layer (../client/http.ts) takes: through a Fetch, or — where the
// network is undici's own (the CLI's, ./env-proxy.ts) — through the dispatcher under that fetch, without it.
//
// Why the second road: a headless watcher's day is small requests. `watch tss` asks ~40 a minute, each answered
// in ~50 bytes, and each went through the Fetch API's machinery: a Request and its AbortSignal built twice over
// (ky's, then fetch's own), a Headers list, a WHATWG ReadableStream over the socket's Node stream, a Response.
// That was ~86 KB allocated and most of the CPU of each request, and the garbage collection it caused was half
// of the watcher's busy time; undici's dispatcher API allocates a quarter of that for the same exchange
// (bench/tss-watch-cpu.ts, bench/watch-cpu.ts). The request on the wire is the same either way: fetch's own
// headers are sent, content codings are decoded as fetch decodes them, and an answer fetch would follow as a
// redirect is asked again through fetch itself, which follows it.
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream'
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib'
import type { Dispatcher } from 'undici'
import type { Fetch, Incoming, Outgoing, Send } from './fetch'

/** `fetch` asked for one request: its Response read as an Incoming. */
export function sendByFetch(fetch: Fetch): Send {
  return async (o) => {
    const response = await fetch(o.url, { method: o.method, headers: o.headers, ...(o.body === undefined ? {} : { body: o.body }), signal: o.signal })
    const reader = response.body?.getReader() ?? null
    return {
      status: response.status,
      statusText: response.statusText,
      header: (name) => response.headers.get(name),
      read: async () => {
        if (reader === null) return null
        const next = await reader.read()
        return next.done ? null : next.value
      },
      cancel: () => {
        reader?.cancel().catch(() => undefined)
      }
    }
  }
}

/** Statuses fetch follows as redirects when the answer names a Location (its redirect mode is 'follow'). */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
/** Statuses whose answer has no body for fetch. */
const NULL_BODY: ReadonlySet<number> = new Set([101, 204, 205, 304])
/** fetch refuses an answer with more content codings than this. */
const MAX_CODINGS = 5

/**
 * A request's headers with those Node's fetch adds to a request that does not set them, after them and in
 * fetch's order, so that a server sees the same request on either road.
 */
function withFetchDefaults(headers: Readonly<Record<string, string>>, url: URL): Record<string, string> {
  const out: Record<string, string> = { ...headers }
  out['accept-language'] ??= '*'
  out['sec-fetch-mode'] ??= 'cors'
  out['user-agent'] ??= 'node'
  out['accept-encoding'] ??= url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate'
  return out
}

/** fetch's "deflate": a zlib stream, or raw deflate when the first byte is not a zlib header (as browsers accept). */
class Inflate extends Transform {
  private inner: Transform | null = null

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.inner === null) {
      if (chunk.length === 0) return done()
      const options = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH }
      const inner: Transform = (chunk[0]! & 15) === 8 ? createInflate(options) : createInflateRaw(options)
      inner.on('data', (data: Buffer) => this.push(data))
      inner.on('end', () => this.push(null))
      inner.on('error', (error) => this.destroy(error))
      this.inner = inner
    }
    this.inner.write(chunk, done)
  }

  override _final(done: (error?: Error | null) => void): void {
    this.inner?.end()
    this.inner = null
    done()
  }
}

/** The decoders of a Content-Encoding, last coding first, as fetch builds them; none for an unknown coding. */
function decoders(contentEncoding: string | null): Transform[] | Error {
  const codings = contentEncoding ? contentEncoding.toLowerCase().split(',') : []
  if (codings.length > MAX_CODINGS) return new Error(`too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CODINGS}`)
  const out: Transform[] = []
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!.trim()
    if (coding === 'x-gzip' || coding === 'gzip') out.push(createGunzip({ flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH }))
    else if (coding === 'deflate') out.push(new Inflate())
    else if (coding === 'br') out.push(createBrotliDecompress({ flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH }))
    else return []
  }
  return out
}

function ignore(): void {}

/** A header as the same network's fetch reads it: undici hands fetch a repeated header joined by "," */
function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name.toLowerCase()]
  return value === undefined ? null : Array.isArray(value) ? value.join(',') : value
}

/**
 * One request through `dispatcher` (the one `fetch` is given), without the Fetch API; an answer fetch would
 * follow as a redirect is asked again through `fetch`.
 */
export function sendByDispatcher(dispatcher: Dispatcher, fetch: Fetch): Send {
  const viaFetch = sendByFetch(fetch)
  return async (o: Outgoing): Promise<Incoming> => {
    const url = new URL(o.url)
    const answer = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: o.method,
      headers: withFetchDefaults(o.headers, url),
      body: o.body ?? null,
      signal: o.signal
    })
    const { statusCode: status, headers } = answer
    // A body given up (cancel, a redirect) is destroyed, which undici reports as an 'error': not one to crash
    // on. A read that meets a real error still rejects with it.
    answer.body.on('error', ignore)
    if (REDIRECTS.has(status) && headerOf(headers, 'location')) {
      answer.body.destroy()
      return viaFetch(o)
    }
    const coded = NULL_BODY.has(status) ? [] : decoders(headerOf(headers, 'content-encoding'))
    if (coded instanceof Error) {
      answer.body.destroy()
      throw coded
    }
    const body = coded.length === 0 ? answer.body : (pipeline([answer.body, ...coded], ignore) as unknown as Readable)
    const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>
    return {
      status,
      statusText: answer.statusText,
      header: (name) => headerOf(headers, name),
      read: async () => {
        const next = await chunks.next()
        return next.done ? null : next.value
      },
      cancel: () => {
        answer.body.destroy()
        if (body !== answer.body) body.destroy()
      }
    }
  }
}
