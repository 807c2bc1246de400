// The two roads one request of the client's HTTP layer (../client/http.ts) takes: through a Fetch, or — where the
// network is undici's own (the CLI's, ./env-proxy.ts) — through the dispatcher under that fetch, without it.
//
// Why the second road: a headless watcher's day is small requests. `watch tss` asks ~40 a minute, each answered
// in ~50 bytes, and each went through the Fetch API's machinery: a Request and its AbortSignal built twice over
// (ky's, then fetch's own), a Headers list, a WHATWG ReadableStream over the socket's Node stream, a Response.
// That was ~86 KB allocated and most of the CPU of each request, and the garbage collection it caused was half
// of the watcher's busy time; undici's dispatcher API allocates a quarter of that for the same exchange
// (bench/tss-watch-cpu.ts, bench/watch-cpu.ts). The request on the wire is the same either way: fetch's own
// headers are sent, content codings are decoded as fetch decodes them, and redirects are followed here by
// fetch's rules, so each URL of a redirect chain is asked once on either road and the same redirects are refused.
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream'
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib'
import type { Dispatcher } from 'undici'
import type { Fetch, Incoming, Outgoing, Send } from './fetch'

/** `fetch` asked for one request: its Response read as an Incoming. */
export function sendByFetch(fetch: Fetch): Send {
  return async (o) => incomingOfResponse(await fetch(o.url, { method: o.method, headers: o.headers, ...(o.body === undefined ? {} : { body: o.body }), signal: o.signal }))
}

/** A Response read as an Incoming. */
export function incomingOfResponse(response: Response): Incoming {
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

/** Statuses fetch follows as redirects when the answer names a Location (its redirect mode is 'follow'). */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
/** Statuses whose answer has no body for fetch. */
const NULL_BODY: ReadonlySet<number> = new Set([101, 204, 205, 304])
/** fetch refuses an answer with more content codings than this. */
const MAX_CODINGS = 5

/**
 * A request's headers with those Node's fetch adds to a request that does not set them, after them and in
 * fetch's order, so that a server sees the same request on either road. A new object for every request: a
 * dispatcher may add to the one it is given (undici's ProxyAgent writes its Host into it).
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

/**
 * A header as the same network's fetch reads it: a repeated header joined by ", ", the Fetch standard's
 * "combine" (what Node's fetch answers over a plain agent, the CLI's road without a proxy).
 */
function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name.toLowerCase()]
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
}

/** fetch follows at most this many redirects for one request, then fails it. */
const MAX_REDIRECTS = 20
/** Headers that describe a body: a redirect that drops the body drops them with it, as fetch does. */
const BODY_HEADERS: ReadonlySet<string> = new Set(['content-encoding', 'content-language', 'content-location', 'content-type'])
/** Headers fetch drops when a redirect leaves the origin: credentials are for the origin they were meant for. */
const ORIGIN_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'host'])
/** Ports fetch refuses to connect to (the Fetch standard's "bad ports"), first request and redirects alike. */
const BAD_PORTS: ReadonlySet<string> = new Set(
  (
    '1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115 117 119 123 135 ' +
    '137 139 143 161 179 389 427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636 989 990 993 995 ' +
    '1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 6566 6665 6666 6667 6668 6669 6679 6697 10080'
  ).split(' ')
)

/** A failure worded as fetch words it (a TypeError whose cause says why), so that both roads report it alike. */
function fetchFailed(reason: string, cause?: unknown): TypeError {
  return new TypeError('fetch failed', { cause: cause ?? new Error(reason) })
}

/** `headers` without those `drop` names. */
function without(headers: Readonly<Record<string, string>>, drop: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())))
}

/**
 * The request fetch sends after `status` sent it to `location`, or the failure fetch reports instead. The
 * checks and changes are fetch's ("HTTP-redirect fetch"), in its order; `redirects` is how many came before.
 */
function redirected(o: Outgoing, from: URL, status: number, location: string, redirects: number): { url: URL; request: Outgoing } {
  let url: URL
  try {
    url = new URL(location, from)
  } catch (error) {
    throw fetchFailed('invalid location', error)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchFailed('URL scheme must be a HTTP(S) scheme')
  if (redirects === MAX_REDIRECTS) throw fetchFailed('redirect count exceeded')
  // Node's fetch has no origin of its own, so no redirect to a URL with credentials is ever its origin's
  if (url.username !== '' || url.password !== '') throw fetchFailed('cross origin not allowed for request mode "cors"')
  let request: Outgoing = { ...o, url: url.href }
  if (((status === 301 || status === 302) && o.method === 'POST') || (status === 303 && o.method !== 'GET')) {
    const { body: _dropped, ...rest } = request
    request = { ...rest, method: 'GET', headers: without(o.headers, BODY_HEADERS) }
  }
  if (url.origin !== from.origin) request = { ...request, headers: without(request.headers, ORIGIN_HEADERS) }
  return { url, request }
}

/** What one exchange of a redirect chain came to: the answer, or the redirect it was (its body let go). */
export type HopAnswer = { answer: Incoming } | { status: number; location: string }

/**
 * One exchange, its redirect not followed; `url` is the request's URL parsed, `from` the URL whose answer named
 * this one (null for the first), so a road can hold the connection to a redirect's target to what that server
 * may name.
 */
export type Hop = (request: Outgoing, url: URL, from: URL | null) => Promise<HopAnswer>

/**
 * A request whose redirects are followed here, hop by hop, as fetch follows them (its checks, method changes
 * and dropped headers), each one once `checkRedirect` (the address policy) lets it: the one rule every road
 * of the query service's own requests follows (the CLI's dispatcher, the app's Chromium).
 */
export function followingRedirects(hop: Hop, checkRedirect?: (from: URL, to: URL) => Promise<void>): Send {
  return async (first: Outgoing): Promise<Incoming> => {
    let o = first
    let url = new URL(o.url)
    let from: URL | null = null
    for (let redirects = 0; ; redirects++) {
      if (BAD_PORTS.has(url.port)) throw fetchFailed('bad port')
      const answer = await hop(o, url, from)
      if ('answer' in answer) return answer.answer
      from = url
      ;({ url, request: o } = redirected(o, url, answer.status, answer.location, redirects))
      // the answer named where to go next: the address policy says whether it may lead there
      if (checkRedirect) await checkRedirect(from, url)
    }
  }
}

/**
 * One request through `dispatcher` (the one the network's fetch is given), without the Fetch API; a redirect is
 * followed as fetch follows it, once `checkRedirect` (the address policy) lets it. Given a function, the
 * dispatcher is chosen per hop: `from` is the URL whose answer named this one (null for the first).
 */
export function sendByDispatcher(
  dispatcher: Dispatcher | ((from: URL | null) => Dispatcher | Promise<Dispatcher>),
  checkRedirect?: (from: URL, to: URL) => Promise<void>
): Send {
  return followingRedirects(async (o, url, from) => {
    const chosen = typeof dispatcher === 'function' ? dispatcher(from) : dispatcher
    // a first hop's dispatcher is at hand: no promise for it on a watcher's every poll
    const through = chosen instanceof Promise ? await chosen : chosen
    const answer = await through.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: o.method,
      headers: withFetchDefaults(o.headers, url),
      body: o.body ?? null,
      signal: o.signal
    })
    // A body given up (cancel, a redirect) is destroyed, which undici reports as an 'error': not one to crash
    // on. A read that meets a real error still rejects with it.
    answer.body.on('error', ignore)
    const location = REDIRECTS.has(answer.statusCode) ? headerOf(answer.headers, 'location') : null
    if (location === null) return { answer: incomingOf(answer) }
    // fetch goes on without reading a redirect's body; reading it off in the background (undici stops at
    // 128 KB) lets its connection serve the next request instead of being closed
    answer.body.dump().catch(ignore)
    return { status: answer.statusCode, location }
  }, checkRedirect)
}

/**
 * `fetch` asked one hop at a time (redirect 'manual'): a redirect's Location comes back to followingRedirects,
 * `road(from)` is the fetch a hop takes.
 */
export function fetchHop(road: (from: URL | null) => Promise<(input: string, init: RequestInit) => Promise<Response>>): Hop {
  return async (o, _url, from) => {
    const fetch = await road(from)
    const response = await fetch(o.url, { method: o.method, headers: o.headers, ...(o.body === undefined ? {} : { body: o.body }), signal: o.signal, redirect: 'manual' })
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null
    if (location === null) return { answer: incomingOfResponse(response) }
    await response.body?.cancel().catch(ignore)
    return { status: response.status, location }
  }
}

/**
 * A stream's chunks one read at a time, as its async iterator hands them (the bytes buffered so far, null at
 * its end, its error, a close before the end as an error), without the iterator's machinery: a watch round
 * reads ~50 small bodies, and building an iterator and its end-of-stream listeners for each was a tenth of
 * the road's CPU.
 */
function chunksOf(body: Readable): () => Promise<Uint8Array | null> {
  let ended = false
  let failed: { error: unknown } | null = null
  let wake: (() => void) | null = null
  const rouse = (): void => {
    const waiting = wake
    wake = null
    waiting?.()
  }
  body.on('readable', rouse)
  body.once('end', () => {
    ended = true
    rouse()
  })
  body.once('error', (error: unknown) => {
    failed ??= { error }
    rouse()
  })
  body.once('close', () => {
    if (!ended) failed ??= { error: Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }) }
    rouse()
  })
  return async () => {
    for (;;) {
      if (failed) throw failed.error
      const chunk = body.read() as Uint8Array | null
      if (chunk !== null) return chunk
      if (ended) return null
      await new Promise<void>((resolve) => (wake = resolve))
    }
  }
}

/** An answer that is not followed, read as fetch reads its body. */
function incomingOf(answer: Dispatcher.ResponseData): Incoming {
  const { statusCode: status, headers } = answer
  if (NULL_BODY.has(status)) {
    // fetch gives these answers no body whatever the server sent or declared (a 204 with a Content-Length):
    // what came is read off and let go, and the body is empty, where reading it failed as a broken connection
    answer.body.dump().catch(ignore)
    return { status, statusText: answer.statusText, header: (name) => headerOf(headers, name), read: () => Promise.resolve(null), cancel: () => answer.body.destroy() }
  }
  const coded = decoders(headerOf(headers, 'content-encoding'))
  if (coded instanceof Error) {
    answer.body.destroy()
    throw coded
  }
  const body = coded.length === 0 ? answer.body : (pipeline([answer.body, ...coded], ignore) as unknown as Readable)
  return {
    status,
    statusText: answer.statusText,
    header: (name) => headerOf(headers, name),
    read: chunksOf(body),
    cancel: () => {
      answer.body.destroy()
      if (body !== answer.body) body.destroy()
    }
  }
}
