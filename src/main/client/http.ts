// One JSON request over HTTP, turned into either a lossless JSON value or an AppError of a known kind.
//
// ky sends it, on the process's own road (its `fetch` option: Electron's net.fetch in the app, the CLI's undici
// dispatcher with the proxy rules, ../net/), and does what it is for: the per-attempt timeout until the answer's
// headers, the retries (network errors, 408/429/5xx, Retry-After capped at 10 s, backoff capped at 5 s) and the
// hooks. What ky does not do stays here:
//   - the body is read by us, so the size cap holds while streaming (a 1 GB answer never sits in memory);
//   - the attempt's deadline also covers every body read: each read races a timer of our own, started when the
//     attempt was (ky's beforeRequest hook), and on expiry we cancel the reader ourselves (../deadline.ts says
//     why an AbortSignal alone is not enough: undici may lose it to the garbage collector);
//   - a refused connection is final at once (ky's shouldRetry), since asking again only delays the same answer;
//   - nothing but an AppError ever leaves this module, with the kinds and words every view and the CLI show.
// A request asked with no retries (a maintainer's health server, which is reported as it answers) is one attempt
// that ky would only wrap: it goes down the same road without it (sendOnce), under the same deadline and with
// the same errors, which spares each of a watch round's many small GETs ky's options, signals and timers. Where
// the network has its own road (`send`: the CLI's dispatcher, the app's Chromium hop by hop) the first attempt of
// any request goes so too, and ky takes over only when that attempt came to something it might try again
// (attempt, kyFetchOf's `first`).
import { isUtf8 } from 'node:buffer'
import ky, { HTTPError, TimeoutError, type Input } from 'ky'
import { AppError } from '@shared/errors'
import { CREDENTIALS_MESSAGE, hasCredentials, redactText, redactUrl } from '@shared/redact'
import type { JsonValue } from '@shared/schemas/vault'
import { parseBody } from './lossless-json'
import { stopAt, type Stop } from '../deadline'
import { rootCause, type Fetch, type Incoming, type Outgoing, type Send } from '../net'

export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_RETRIES = 2
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024
/** Retry-After beyond this is capped: a service asking for minutes should not freeze a dashboard. */
export const MAX_RETRY_AFTER_MS = 10_000

export interface HttpOptions {
  timeoutMs?: number
  /** extra attempts after the first, for network errors, 408, 429 and 5xx; at most 2 */
  retries?: number
  maxBytes?: number
  signal?: AbortSignal
  /** delay before retry n (1-based); default 300 ms doubling, capped at 5 s */
  retryDelayMs?: (attempt: number) => number
  /** the process's way to the network (../net/fetch.ts); Node's fetch, direct, when absent */
  fetch?: Fetch
}

/** A client's configured HTTP options, only those it was given (an absent one keeps http.ts's default). */
export function httpOptionsOf(opts: Omit<HttpOptions, 'signal'>): HttpOptions {
  return {
    ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
    ...(opts.retries === undefined ? {} : { retries: opts.retries }),
    ...(opts.maxBytes === undefined ? {} : { maxBytes: opts.maxBytes }),
    ...(opts.retryDelayMs === undefined ? {} : { retryDelayMs: opts.retryDelayMs }),
    ...(opts.fetch === undefined ? {} : { fetch: opts.fetch })
  }
}

/** Parses an http(s) URL or throws AppError('input') naming `field`. */
export function httpUrl(text: string, field: string): URL {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new AppError({ kind: 'input', field, message: `not a URL: ${redactUrl(text.slice(0, 200))}` })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError({ kind: 'input', field, message: `not an http(s) URL: ${redactUrl(text.slice(0, 200))}` })
  }
  if (hasCredentials(url)) throw new AppError({ kind: 'input', field, message: `${CREDENTIALS_MESSAGE}: ${redactUrl(url.toString())}` })
  return url
}

/** {base_url}/api/<operation>; the base may carry a path prefix and a trailing slash. */
export function apiUrl(baseUrl: string, operation: string): string {
  if (baseUrl.trim() === '') throw new AppError({ kind: 'input', field: 'baseUrl', operation, message: 'no query service URL (base URL) is configured' })
  const base = httpUrl(baseUrl, 'baseUrl')
  // Resolve relative to a directory-like base so that a prefix ("/bridge") is kept, never replaced.
  if (!base.pathname.endsWith('/')) base.pathname += '/'
  base.search = ''
  base.hash = ''
  return new URL(`api/${operation}`, base).toString()
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(1)} MB`
}

function tooLarge(operation: string, maxBytes: number): AppError {
  return new AppError({ kind: 'protocol', operation, message: `response larger than ${megabytes(maxBytes)}` })
}

/** Whether `error` is the size cap's refusal (a batch over it may be asked again call by call). */
export function isTooLarge(error: unknown): boolean {
  return error instanceof AppError && error.kind === 'protocol' && error.message.startsWith('response larger than ')
}

/** A body read chunk by chunk: a Response's stream, or an answer that came down the network's own road. */
interface BodyReader {
  read(): Promise<Uint8Array | null>
  cancel(): void
}

/**
 * What the body reading below needs of an answer: its status, its headers by name, and its body. A Response
 * (ky's, a fetch's) and an answer of the network's own road (an Incoming) are both read through it, so the
 * size cap, the deadline and the errors are one code whichever road the answer took.
 */
interface Answer {
  readonly status: number
  readonly statusText: string
  header(name: string): string | null
  /** the body's reader, null for none; taken once */
  body(): BodyReader | null
  /** lets go of the body unread */
  discard(): void
}

/**
 * The answers ky was handed from the network's own road (kyFetchOf): their bodies are read from the network's
 * answer itself, with no web stream in between (ky never reads a body: we do).
 */
const ownRoadAnswers = new WeakMap<Response, Incoming>()

function incomingAnswer(incoming: Incoming): Answer {
  return {
    status: incoming.status,
    statusText: incoming.statusText,
    header: (name) => incoming.header(name),
    body: () => incoming,
    discard: () => incoming.cancel()
  }
}

function responseAnswer(response: Response): Answer {
  const incoming = ownRoadAnswers.get(response)
  if (incoming) return incomingAnswer(incoming)
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name),
    body: () => {
      if (response.body === null) return null
      const reader = response.body.getReader()
      return {
        read: async () => {
          const next = await reader.read()
          return next.done ? null : next.value
        },
        cancel: () => void reader.cancel().catch(() => undefined)
      }
    },
    discard: () => void response.body?.cancel().catch(() => undefined)
  }
}

/** Lets go of an answer's body unread (a retry's, or one that came after its caller gave up). */
function discard(response: Response): void {
  responseAnswer(response).discard()
}

/** Reads a body to text, refusing to hold more than maxBytes; every read races `stop`. */
async function readCapped(answer: Answer, operation: string, maxBytes: number, stop: Stop<AppError>): Promise<string> {
  const declared = Number(answer.header('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    answer.discard()
    throw tooLarge(operation, maxBytes)
  }
  // held here for the whole read: the reader, not a signal, is what we cancel on the deadline
  const reader = answer.body()
  if (reader === null) return ''
  const chunks: Uint8Array[] = []
  let total = 0
  const halted = stop.stopped.then((error) => ({ halted: error }))
  for (;;) {
    const next = await Promise.race([reader.read(), halted])
    if (next !== null && 'halted' in next) {
      reader.cancel()
      throw next.halted
    }
    if (next === null) break
    total += next.byteLength
    if (total > maxBytes) {
      reader.cancel()
      throw tooLarge(operation, maxBytes)
    }
    chunks.push(next)
  }
  const text = utf8Text(Buffer.concat(chunks, total))
  if (text === null) throw new AppError({ kind: 'protocol', operation, code: answer.status, message: `HTTP ${answer.status}: the body is not UTF-8 text` })
  return text
}

/**
 * A body's bytes as text, or null when they are not UTF-8: what TextDecoder('utf-8', {fatal: true}) answers
 * (the same refusals, a leading BOM dropped), checked and decoded by Node's own UTF-8 routines at a fraction
 * of its cost, which was an eighth of the main process's CPU while a 100,000-transfer history loaded in pages
 * of 1,000.
 */
export function utf8Text(bytes: Buffer): string | null {
  if (!isUtf8(bytes)) return null
  const text = bytes.toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * A refused connection: nothing listens at that host and port (Node: ECONNREFUSED; Chromium's stack in
 * Electron: net::ERR_CONNECTION_REFUSED). It is refused at once and again at once: retrying with backoff
 * only kept a user watching "Reading…" for seconds before the same answer, so it fails on the first try.
 */
export function isRefused(error: unknown): boolean {
  const cause = rootCause(error)
  const code = cause instanceof Error ? (cause as { code?: unknown }).code : undefined
  return code === 'ECONNREFUSED' || (cause instanceof Error && /ERR_CONNECTION_REFUSED|ECONNREFUSED/.test(cause.message))
}

/**
 * A port the network stack will not connect to at all (the Fetch standard's "bad ports": Node's fetch says
 * "bad port", Chromium's stack net::ERR_UNSAFE_PORT): refused before any packet leaves, every time, so never
 * retried either.
 */
export function isBadPort(error: unknown): boolean {
  const cause = rootCause(error)
  return cause instanceof Error && /^bad port$|ERR_UNSAFE_PORT/.test(cause.message)
}

function networkReason(error: unknown, url: string): string {
  const cause = rootCause(error)
  if (!(cause instanceof Error)) return redactText(String(cause))
  const code = (cause as { code?: unknown }).code
  let at: URL | null = null
  try {
    at = new URL(url)
  } catch {
    // the URL was checked before the request; keep the words without it
  }
  if (isBadPort(error)) {
    const port = at?.port || (at?.protocol === 'https:' ? '443' : '80')
    return redactText(`port ${port} is one the network stack refuses to connect to (a port kept for another protocol)`)
  }
  if (isRefused(error)) {
    return redactText(`nothing answers at ${at?.host || 'that address'}: the connection was refused (ECONNREFUSED)`)
  }
  // A proxy's URL may hold its password: whatever the network stack quotes is redacted.
  return redactText(typeof code === 'string' ? `${code} (${cause.message})` : cause.message)
}

/**
 * The error for a non-2xx answer. A JSON body adds the service's own words to an 'http' error; an HTML
 * page (a proxy's "502 Bad Gateway") is a 'protocol' error naming the status, as for any non-JSON body.
 */
async function httpStatusError(answer: Answer, operation: string, stop: Stop<AppError>): Promise<AppError> {
  const status = answer.status
  const statusText = `${status} ${answer.statusText}`.trim()
  let text = ''
  try {
    text = await readCapped(answer, operation, 64 * 1024, stop)
  } catch {
    // Too large or unreadable: the status alone has to do.
  }
  const isHtml = text.trimStart().startsWith('<') || (answer.header('content-type') ?? '').includes('html')
  if (isHtml) {
    return new AppError({ kind: 'protocol', operation, code: status, message: `HTTP ${statusText}: the service sent an HTML page instead of JSON` })
  }
  let detail = ''
  try {
    const body = JSON.parse(text) as unknown
    if (typeof body === 'object' && body !== null) {
      const b = body as Record<string, unknown>
      const words = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : ''
      if (words && words !== answer.statusText) detail = `: ${words.slice(0, 200)}`
    }
  } catch {
    // Not JSON: the status alone has to do.
  }
  return new AppError({ kind: 'http', operation, code: status, message: `HTTP ${statusText}${detail}` })
}

/** A 2xx answer whose body has arrived whole, not yet parsed. */
export interface ArrivedBody {
  text: string
  status: number
  contentType: string | null
}

/**
 * POSTs `body` as JSON (or nothing when undefined) and returns the lossless JSON answer. Throws AppError:
 * input (bad URL), network, timeout, http (status in code), protocol, cancelled.
 */
export async function postJson(url: string, operation: string, body: unknown, opts: HttpOptions = {}): Promise<JsonValue> {
  const arrived = await postForText(url, operation, body, opts)
  return parseBody(arrived.text, operation, arrived.status, arrived.contentType)
}

/**
 * postJson up to the body text, without parsing it: a caller that pages can send its next request before
 * spending CPU on this answer. Same errors as postJson but 'protocol' for a body that is not JSON.
 */
export async function postForText(url: string, operation: string, body: unknown, opts: HttpOptions = {}): Promise<ArrivedBody> {
  return sendForText('post', url, operation, body, opts)
}

/**
 * GETs `url` and returns the lossless JSON answer, with postJson's timeouts, retries, size cap and errors.
 * For read-only services addressed by query string (MAP's TSS cross-chain API).
 */
export async function getJson(url: string, operation: string, opts: HttpOptions = {}): Promise<JsonValue> {
  const arrived = await sendForText('get', url, operation, undefined, opts)
  return parseBody(arrived.text, operation, arrived.status, arrived.contentType)
}

/** getJson up to the body text, without parsing it: for a decoder that reads the text its own way. */
export async function getForText(url: string, operation: string, opts: HttpOptions = {}): Promise<ArrivedBody> {
  return sendForText('get', url, operation, undefined, opts)
}

/** Statuses tried again while retries remain (with network errors); any other non-2xx answer is final. */
const RETRY_STATUS = [408, 429, 500, 502, 503, 504]
/** Statuses whose Retry-After (or rate-limit reset) header sets the wait before the next try. */
const RETRY_AFTER_STATUS = [429, 503]
/** The longest wait between tries that the backoff reaches. */
const BACKOFF_LIMIT_MS = 5_000

/** Settles with `cancelled()` once `signal` aborts; the listener is ours, held until dispose(). */
function cancelledBy(signal: AbortSignal | undefined, cancelled: () => AppError): { readonly stopped: Promise<{ halted: AppError }>; dispose(): void } {
  let onAbort: (() => void) | undefined
  const stopped = new Promise<{ halted: AppError }>((resolve) => {
    if (!signal) return
    onAbort = () => resolve({ halted: cancelled() })
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return { stopped, dispose: () => (onAbort ? signal?.removeEventListener('abort', onAbort) : undefined) }
}

const ACCEPT_JSON: Readonly<Record<string, string>> = { accept: 'application/json' }
const SEND_JSON: Readonly<Record<string, string>> = { accept: 'application/json', 'content-type': 'application/json' }

/** The headers read of an answer: ours (the size cap, the body's kind) and ky's (the wait a 429 or 503 names). */
const READ_HEADERS = ['content-type', 'content-length', 'retry-after', 'ratelimit-reset', 'x-ratelimit-retry-after', 'x-ratelimit-reset', 'x-rate-limit-reset']

/** An answer of the network's own road as the Response ky reads: the status line and the headers above; the body stays with the answer. */
function responseOf(incoming: Incoming): Response {
  const headers: [string, string][] = []
  for (const name of READ_HEADERS) {
    const value = incoming.header(name)
    if (value !== null) headers.push([name, value])
  }
  const response = new Response(null, { status: incoming.status, statusText: incoming.statusText, headers })
  ownRoadAnswers.set(response, incoming)
  return response
}

/**
 * ky's `fetch` for one call: the network's own road. Where the network has a road without the Fetch API (the
 * CLI's undici dispatcher, ../net/send.ts: a quarter of the allocations of a fetch, for a headless watcher's
 * small polls), ky's request goes down it — this call's method, headers and body text, ky's signal — and the
 * answer comes back to ky as a Response whose body we read from the road itself; elsewhere (Electron's
 * net.fetch, Node's fetch) ky calls that fetch. `first`, when given, is the outcome of an attempt already made
 * down the road (`attempt`): ky's first fetch answers it, so ky's rules judge it as if ky had sent it.
 */
function kyFetchOf(
  fetch: Fetch | undefined,
  call: Omit<Outgoing, 'signal'>,
  first?: () => Promise<Response>
): ((input: Input, init?: RequestInit) => Promise<Response>) | undefined {
  const send: Send | undefined = fetch?.send
  let replay = first
  if (send) {
    return async (input) => {
      if (replay) {
        const made = replay
        replay = undefined
        return made()
      }
      return responseOf(await send({ ...call, signal: input instanceof Request ? input.signal : new AbortController().signal }))
    }
  }
  // ky's types let it hand its fetch a URL object; it sends a Request, which every Fetch takes.
  return fetch ? (input, init) => fetch(input instanceof URL ? input.href : input, init) : undefined
}

/** The error of a request that got no answer: the caller's cancel, or the network's reason in words. */
function unanswered(error: unknown, url: string, operation: string, signal: AbortSignal | undefined, cancelled: () => AppError): AppError {
  if (error instanceof AppError) return error
  if (signal?.aborted) return cancelled()
  return new AppError({ kind: 'network', operation, message: `cannot reach the service: ${networkReason(error, url)}` }, { cause: error })
}

/** A 2xx answer's body as text under `stop`, or the error that ends it. */
async function arrivedBody(answer: Answer, operation: string, maxBytes: number, stop: Stop<AppError>, signal: AbortSignal | undefined, cancelled: () => AppError): Promise<ArrivedBody> {
  try {
    const text = await readCapped(answer, operation, maxBytes, stop)
    return { text, status: answer.status, contentType: answer.header('content-type') }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (signal?.aborted) throw cancelled()
    throw new AppError({
      kind: 'protocol',
      operation,
      code: answer.status,
      message: `HTTP ${answer.status}: the connection broke before the body was complete`
    })
  }
}

type AttemptOptions = HttpOptions & { timeoutMs: number; maxBytes: number }
interface AttemptWords {
  cancelled: () => AppError
  timedOut: () => AppError
}

/** What a first attempt that ky may try again came to: its body, or what ky's first fetch is to answer. */
type FirstOutcome = { arrived: ArrivedBody } | { again: () => Promise<Response> }

/**
 * One attempt: the request down the network's road (its `send` where it has one, else its fetch), one deadline
 * from the start over the connection, the headers and every body read, as sendForText's attempts. With
 * `retryable`, an outcome ky might try again (a network error, a status it retries) is not made an error here
 * but handed back for ky to judge; a 2xx, a final status, the deadline and the caller's cancel end it here,
 * as ky would have ended them.
 */
function attempt(call: Omit<Outgoing, 'signal'>, operation: string, opts: AttemptOptions, words: AttemptWords, retryable: false): Promise<{ arrived: ArrivedBody }>
function attempt(call: Omit<Outgoing, 'signal'>, operation: string, opts: AttemptOptions, words: AttemptWords, retryable: true): Promise<FirstOutcome>
async function attempt(call: Omit<Outgoing, 'signal'>, operation: string, opts: AttemptOptions, words: AttemptWords, retryable: boolean): Promise<FirstOutcome> {
  const { cancelled, timedOut } = words
  const stop = stopAt(Date.now() + opts.timeoutMs, timedOut, opts.signal, cancelled)
  // held for the whole exchange: aborting it frees the socket of a request given up on
  const controller = new AbortController()
  const halted = stop.stopped.then((error) => {
    controller.abort(error)
    return { halted: error }
  })
  try {
    const send = opts.fetch?.send
    // Down the network's own road the answer is read as it came (an Incoming): a watch round's many small
    // requests build no Response and no Headers for a 2xx answer, only for an error page, which
    // httpStatusError reads, or an answer ky is handed to judge.
    const sent: Promise<{ answer: Answer; incoming: Incoming | null }> = send
      ? send({ ...call, signal: controller.signal }).then((incoming) => ({ answer: incomingAnswer(incoming), incoming }))
      : (opts.fetch ?? fetch)(call.url, { method: call.method, headers: call.headers, ...(call.body === undefined ? {} : { body: call.body }), signal: controller.signal }).then((response) => ({ answer: responseAnswer(response), incoming: null }))
    let answer: Answer
    let incoming: Incoming | null
    try {
      const next = await Promise.race([sent.then((arrived) => ({ arrived })), halted])
      if ('halted' in next) {
        sent.then((late) => late.answer.discard(), () => undefined)
        throw next.halted
      }
      ;({ answer, incoming } = next.arrived)
    } catch (error) {
      if (retryable && !(error instanceof AppError) && !opts.signal?.aborted) return { again: () => Promise.reject(error) }
      throw unanswered(error, call.url, operation, opts.signal, cancelled)
    }
    if (answer.status < 200 || answer.status > 299) {
      if (retryable && incoming !== null && RETRY_STATUS.includes(answer.status)) {
        const response = responseOf(incoming)
        return { again: () => Promise.resolve(response) }
      }
      throw await httpStatusError(answer, operation, stop)
    }
    return { arrived: await arrivedBody(answer, operation, opts.maxBytes, stop, opts.signal, cancelled) }
  } finally {
    stop.dispose()
  }
}

/** One attempt, no retries: attempt's, every outcome final. */
async function sendOnce(call: Omit<Outgoing, 'signal'>, operation: string, opts: AttemptOptions, words: AttemptWords): Promise<ArrivedBody> {
  return (await attempt(call, operation, opts, words, false)).arrived
}

async function sendForText(method: 'get' | 'post', url: string, operation: string, body: unknown, opts: HttpOptions): Promise<ArrivedBody> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES
  const retries = Math.max(0, Math.min(2, opts.retries ?? DEFAULT_RETRIES))
  const userSignal = opts.signal
  const cancelled = (): AppError => new AppError({ kind: 'cancelled', operation, message: 'the request was cancelled' })
  const timedOut = (): AppError =>
    new AppError({ kind: 'timeout', operation, message: `no complete answer within ${timeoutMs / 1000} s` })
  if (userSignal?.aborted) throw cancelled()
  const call: Omit<Outgoing, 'signal'> = {
    url,
    method: method === 'get' ? 'GET' : 'POST',
    ...(body === undefined ? { headers: ACCEPT_JSON } : { headers: SEND_JSON, body: JSON.stringify(body) })
  }
  if (retries === 0) return sendOnce(call, operation, { ...opts, timeoutMs, maxBytes }, { cancelled, timedOut })
  // Down the network's own road the first attempt goes without ky, as a one-attempt request does: nearly every
  // answer is a 2xx at the first try, and ky's options, Request, signals and timers were half of a POST's CPU
  // on the CLI's road (0.9 against 0.4 ms warm). Only an outcome ky might try again goes to ky, as the answer
  // to its first fetch, so that ky's rules (which errors, which statuses, Retry-After, the backoff) decide on
  // it as they would have.
  let first: (() => Promise<Response>) | undefined
  if (opts.fetch?.send) {
    const outcome = await attempt(call, operation, { ...opts, timeoutMs, maxBytes }, { cancelled, timedOut }, true)
    if ('arrived' in outcome) return outcome.arrived
    first = outcome.again
  }
  const kyFetch = kyFetchOf(opts.fetch, call, first)

  // Each attempt gets the whole limit from its start; the body read below keeps to the same deadline.
  let attemptStart = Date.now()
  const sent = ky(url, {
    method,
    headers: call.headers,
    // down the network's own road the body goes from `call` as text (kyFetchOf); a Request's body would be a
    // stream, teed again for every attempt, for nothing
    ...(call.body === undefined || opts.fetch?.send ? {} : { body: call.body }),
    timeout: timeoutMs,
    ...(userSignal ? { signal: userSignal } : {}),
    ...(kyFetch ? { fetch: kyFetch } : {}),
    hooks: {
      beforeRequest: [
        () => {
          attemptStart = Date.now()
        }
      ],
      // the answer given up for a retry lets its connection go now, not when the collector finds it
      beforeRetry: [
        ({ error }) => {
          if (error instanceof HTTPError) discard(error.response)
        }
      ]
    },
    // Every operation only reads (the query service is read-only; the TSS API is GET only), so retrying is safe.
    retry: {
      limit: retries,
      methods: [method],
      statusCodes: RETRY_STATUS,
      afterStatusCodes: RETRY_AFTER_STATUS,
      maxRetryAfter: MAX_RETRY_AFTER_MS,
      backoffLimit: BACKOFF_LIMIT_MS,
      delay: opts.retryDelayMs ?? ((attempt) => 300 * 2 ** (attempt - 1)),
      // undefined: ky's own rule (network errors, the status codes above); a refusal is final at once, the
      // address policy's (an AppError a redirect's check threw) as much as a closed port's
      shouldRetry: ({ error }) => (error instanceof AppError || isRefused(error) || isBadPort(error) ? false : undefined)
    }
  })
  // A caller's cancel ends the wait by a listener we hold (ky's combined signal may be collected before it
  // reaches the request); whatever ky settles with afterwards is let go.
  const cancel = cancelledBy(userSignal, cancelled)
  let response: Response
  try {
    const next = await Promise.race([sent.then((answer) => ({ answer })), cancel.stopped])
    if ('halted' in next) {
      sent.then(discard, () => undefined)
      throw next.halted
    }
    response = next.answer
  } catch (error) {
    if (error instanceof AppError) throw error
    if (userSignal?.aborted) throw cancelled()
    // a timeout while waiting for the answer is final (ky does not retry it)
    if (error instanceof TimeoutError) throw timedOut()
    if (error instanceof HTTPError) {
      // The error page is a body too: it gets the same deadline, so a stalled error page cannot hang us.
      const stop = stopAt(attemptStart + timeoutMs, timedOut, userSignal, cancelled)
      try {
        throw await httpStatusError(responseAnswer(error.response), operation, stop)
      } finally {
        stop.dispose()
      }
    }
    throw unanswered(error, url, operation, undefined, cancelled)
  } finally {
    cancel.dispose()
  }

  const stop = stopAt(attemptStart + timeoutMs, timedOut, userSignal, cancelled)
  try {
    return await arrivedBody(responseAnswer(response), operation, maxBytes, stop, userSignal, cancelled)
  } finally {
    stop.dispose()
  }
}
