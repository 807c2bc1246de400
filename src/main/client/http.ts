// One JSON request over HTTP, turned into either a lossless JSON value or an AppError of a known kind.
//
// This module does the request's timeout and its retries (network errors, 408/429/5xx, Retry-After) itself,
// as ky did before it, rule for rule: ky built a Request, a clone of it for the retries and an AbortSignal.any
// for every call, and fetch built its own Request again, all for answers that are mostly tens of bytes (a
// headless watcher's polls: ../net/send.ts says what that cost). We read the body ourselves so that the size
// cap holds while streaming (a 1 GB answer never sits in memory) and nothing but an AppError ever leaves
// this module.
//
// The deadline covers the whole attempt (connect, headers, every body read) by construction: the wait for
// the answer and each body read race a timer of our own (../deadline.ts says why a signal alone is not
// enough), and on expiry we abort the request and cancel the body ourselves.
import { isUtf8 } from 'node:buffer'
import { AppError } from '@shared/errors'
import { CREDENTIALS_MESSAGE, hasCredentials, redactText, redactUrl } from '@shared/redact'
import type { JsonValue } from '@shared/schemas/vault'
import { parseBody } from './lossless-json'
import { stopAt, type Stop } from '../deadline'
import { rootCause, type Fetch, type Incoming, type Outgoing, type Send } from '../net/fetch'
import { sendByFetch } from '../net/send'

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

/** Reads a body to text, refusing to hold more than maxBytes; every read races `stop`. */
async function readCapped(answer: Incoming, operation: string, maxBytes: number, stop: Stop<AppError>): Promise<string> {
  const declared = Number(answer.header('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    answer.cancel()
    throw tooLarge(operation, maxBytes)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  const halted = stop.stopped.then((error) => ({ halted: error }))
  for (;;) {
    const next = await Promise.race([answer.read(), halted])
    if (next !== null && 'halted' in next) {
      answer.cancel()
      throw next.halted
    }
    if (next === null) break
    total += next.byteLength
    if (total > maxBytes) {
      answer.cancel()
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

function networkReason(error: unknown, url: string): string {
  const cause = rootCause(error)
  if (!(cause instanceof Error)) return redactText(String(cause))
  const code = (cause as { code?: unknown }).code
  if (isRefused(error)) {
    let host = ''
    try {
      host = new URL(url).host
    } catch {
      // the URL was checked before the request; keep the words without it
    }
    return redactText(`nothing answers at ${host || 'that address'}: the connection was refused (ECONNREFUSED)`)
  }
  // A proxy's URL may hold its password: whatever the network stack quotes is redacted.
  return redactText(typeof code === 'string' ? `${code} (${cause.message})` : cause.message)
}

/**
 * The error for a non-2xx answer. A JSON body adds the service's own words to an 'http' error; an HTML
 * page (a proxy's "502 Bad Gateway") is a 'protocol' error naming the status, as for any non-JSON body.
 */
async function httpStatusError(answer: Incoming, operation: string, stop: Stop<AppError>): Promise<AppError> {
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
const RETRY_STATUS: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504])
/** Statuses whose Retry-After (or rate-limit reset) header sets the wait before the next try. */
const RETRY_AFTER_STATUS: ReadonlySet<number> = new Set([429, 503])
/** The longest wait between tries that the backoff reaches. */
const BACKOFF_LIMIT_MS = 5_000
/** A wait longer than setTimeout can hold. */
const MAX_TIMER_MS = 2_147_483_647

/**
 * The wait a 429 or 503 asks for, capped at MAX_RETRY_AFTER_MS; null when it names none. The headers, the
 * order they are looked for in and their reading (seconds; else an HTTP date; a number of seconds past
 * 2024-01-01 taken as a unix time) are ky's, which chose the retries before.
 */
export function retryAfterMs(status: number, header: (name: string) => string | null, now = Date.now()): number | null {
  if (!RETRY_AFTER_STATUS.has(status)) return null
  const text =
    header('retry-after') ?? header('ratelimit-reset') ?? header('x-ratelimit-retry-after') ?? header('x-ratelimit-reset') ?? header('x-rate-limit-reset')
  if (!text) return null
  let after = Number(text) * 1000
  if (Number.isNaN(after)) after = Date.parse(text) - now
  else if (after >= Date.parse('2024-01-01')) after -= now
  // an unreadable value (NaN) waits the cap, as it did
  return after < MAX_RETRY_AFTER_MS ? after : MAX_RETRY_AFTER_MS
}

/** Resolves after `ms`, or with `cancelled()` as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined, cancelled: () => AppError): Promise<AppError | null> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(cancelled())
    const onAbort = (): void => {
      clearTimeout(timer)
      resolve(cancelled())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(null)
    }, Math.min(Math.max(0, ms), MAX_TIMER_MS))
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** How a request goes out: the network's own road when it has one, else through its fetch (Node's, direct, when none). */
function sendOf(fetch: Fetch | undefined): Send {
  return fetch?.send ?? sendByFetch(fetch ?? globalThis.fetch)
}

const ACCEPT_JSON: Readonly<Record<string, string>> = { accept: 'application/json' }
const SEND_JSON: Readonly<Record<string, string>> = { accept: 'application/json', 'content-type': 'application/json' }

async function sendForText(method: 'get' | 'post', url: string, operation: string, body: unknown, opts: HttpOptions): Promise<ArrivedBody> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES
  const retries = Math.max(0, Math.min(2, opts.retries ?? DEFAULT_RETRIES))
  const retryDelay = opts.retryDelayMs ?? ((attempt: number) => 300 * 2 ** (attempt - 1))
  const userSignal = opts.signal
  const cancelled = (): AppError => new AppError({ kind: 'cancelled', operation, message: 'the request was cancelled' })
  const timedOut = (): AppError =>
    new AppError({ kind: 'timeout', operation, message: `no complete answer within ${timeoutMs / 1000} s` })
  if (userSignal?.aborted) throw cancelled()
  const send = sendOf(opts.fetch)
  const request: Omit<Outgoing, 'signal'> = {
    url,
    method: method === 'get' ? 'GET' : 'POST',
    ...(body === undefined ? { headers: ACCEPT_JSON } : { headers: SEND_JSON, body: JSON.stringify(body) })
  }

  // Every operation only reads (the query service is read-only; the TSS API is GET only), so retrying is safe.
  for (let retry = 1; ; retry++) {
    // Each attempt gets the whole limit from its start, for its answer and its body alike.
    const stop = stopAt(Date.now() + timeoutMs, timedOut, userSignal, cancelled)
    const controller = new AbortController()
    const halted = stop.stopped.then((error) => {
      controller.abort(error)
      return { halted: error }
    })
    let answer: Incoming
    try {
      const next = await Promise.race([send({ ...request, signal: controller.signal }).then((incoming) => ({ incoming })), halted])
      // a timeout while waiting for the answer is final (not retried), as is the caller giving up
      if ('halted' in next) throw next.halted
      answer = next.incoming
    } catch (error) {
      stop.dispose()
      if (error instanceof AppError) throw error
      if (userSignal?.aborted) throw cancelled()
      // A refused connection is final at once (isRefused says why); other network errors are tried again.
      if (retry > retries || isRefused(error)) {
        throw new AppError({ kind: 'network', operation, message: `cannot reach the service: ${networkReason(error, url)}` }, { cause: error })
      }
      const waited = await pause(Math.min(BACKOFF_LIMIT_MS, retryDelay(retry)), userSignal, cancelled)
      if (waited) throw waited
      continue
    }

    try {
      if (answer.status < 200 || answer.status > 299) {
        if (retry <= retries && RETRY_STATUS.has(answer.status)) {
          const wait = retryAfterMs(answer.status, (name) => answer.header(name)) ?? Math.min(BACKOFF_LIMIT_MS, retryDelay(retry))
          answer.cancel()
          stop.dispose()
          const waited = await pause(wait, userSignal, cancelled)
          if (waited) throw waited
          continue
        }
        if (userSignal?.aborted) throw cancelled()
        // The error page is a body too: it gets the same deadline, so a stalled error page cannot hang us.
        throw await httpStatusError(answer, operation, stop)
      }
      let text: string
      try {
        text = await readCapped(answer, operation, maxBytes, stop)
      } catch (error) {
        if (error instanceof AppError) throw error
        if (userSignal?.aborted) throw cancelled()
        throw new AppError({
          kind: 'protocol',
          operation,
          code: answer.status,
          message: `HTTP ${answer.status}: the connection broke before the body was complete`
        })
      }
      return { text, status: answer.status, contentType: answer.header('content-type') }
    } finally {
      stop.dispose()
    }
  }
}
