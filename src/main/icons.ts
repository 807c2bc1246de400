// Token and chain icons are fetched HERE, in main, never by the renderer: a record's icon URL is
// hostile data, and a page that loads `http://127.0.0.1:<port>/…` knocks on the user's local services. The
// renderer asks its own origin (ICON_PATH?src=<url>, served by app:// and by the harness through
// iconResponse); main fetches only https or the demo simulator's own origin, with a size cap, a timeout and
// image content types only, keeps what it got in the offline cache, and answers from there when offline.
// An icon URL is named by the service, so it also passes the address policy (./net/address-policy.ts): a
// service on the internet cannot make main fetch an icon from the user's network or this computer.
import { z } from 'zod'
import { ICON_PATH } from '@shared/icons'
import { within } from './deadline'
import { AddressPolicy, serviceNamedFetch, type Fetch } from './net'
import type { DiskCache } from './store'

export { ICON_PATH }

export const ICON_MAX_BYTES = 512 * 1024
export const ICON_TIMEOUT_MS = 10_000
/** The cache's "profile" folder for icons: one per app, whatever the active profile. */
const CACHE_BUCKET = 'icons'

// Raster types and SVG. An SVG is only ever shown through <img> (no script runs there), and our answer
// carries a sandboxing CSP in case someone opens the icon URL itself.
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/avif'])

const cachedIcon = z.object({ type: z.string().refine((t) => IMAGE_TYPES.has(t)), base64: z.string().max(Math.ceil(ICON_MAX_BYTES / 3) * 4) })
type CachedIcon = z.infer<typeof cachedIcon>

export interface IconDeps {
  cache: Pick<DiskCache, 'get' | 'put'>
  /** The demo simulator's own origin, the one http origin allowed; null while the demo network is off. */
  demoOrigin(): string | null
  now(): number
  /** the process's way to the network (./net/fetch.ts); Node's fetch, direct, when absent */
  fetch?: Fetch
  /** per icon, headers and body together; ICON_TIMEOUT_MS unless a test needs it shorter */
  timeoutMs?: number
  /** where the service that names the icons answers; the demo network's origin (or none: public) unless said */
  serviceUrls?: () => Promise<readonly string[]>
  /** the address policy (a test's resolver); the system's DNS unless said */
  addressPolicy?: AddressPolicy
}

/** May main fetch this icon URL? https anywhere (no credentials), or exactly the demo simulator's origin. */
export function isIconSourceAllowed(src: string, demoOrigin: string | null): boolean {
  let u: URL
  try {
    u = new URL(src)
  } catch {
    return false
  }
  if (u.username !== '' || u.password !== '' || src.length > 2048) return false
  if (u.protocol === 'https:') return u.hostname.length > 0
  return demoOrigin !== null && u.origin === demoOrigin
}

const ICON_HEADERS = {
  'Cache-Control': 'private, max-age=86400',
  'X-Content-Type-Options': 'nosniff',
  // Opened directly (not through <img>), an SVG would be a document on the app's origin: give it nothing.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox"
}

function answer(icon: CachedIcon): Response {
  return new Response(new Uint8Array(Buffer.from(icon.base64, 'base64')), { status: 200, headers: { ...ICON_HEADERS, 'Content-Type': icon.type } })
}

function refused(status: number, why: string): Response {
  return new Response(why, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })
}

/** Reads at most maxBytes of the body; more is an error (the stream is cancelled). */
async function readImage(res: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw new Error('icon too large')
  const reader = res.body?.getReader()
  if (!reader) return new Uint8Array()
  // Cancelled here, not left to fetch: the abort may never reach a body (see ./deadline.ts), and a dripping
  // one would then hold its connection open.
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true })
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new Error('icon too large')
    }
    parts.push(value)
  }
  return Buffer.concat(parts)
}

export interface IconService {
  /** The answer for `<app origin>${ICON_PATH}?src=…` (the full request URL). */
  respond(requestUrl: string): Promise<Response>
}

export function createIconService(deps: IconDeps): IconService {
  const demoService = (): Promise<readonly string[]> => {
    const origin = deps.demoOrigin()
    return Promise.resolve(origin === null ? [] : [origin])
  }
  const doFetch = serviceNamedFetch(deps.fetch ?? fetch, { policy: deps.addressPolicy ?? new AddressPolicy(), service: deps.serviceUrls ?? demoService })
  const inflight = new Map<string, Promise<CachedIcon | null>>()

  async function load(src: string): Promise<CachedIcon | null> {
    const cached = await deps.cache.get(CACHE_BUCKET, src, cachedIcon)
    if (cached) return cached.data
    try {
      // The limit covers the body too: an icon that drips is given up like one that never starts.
      const icon = await within(deps.timeoutMs ?? ICON_TIMEOUT_MS, async (signal) => {
        // No redirects (serviceNamedFetch refuses them): one could lead from an allowed origin to a loopback one.
        const res = await doFetch(src, { signal, headers: { Accept: [...IMAGE_TYPES].join(', ') }, referrerPolicy: 'no-referrer' })
        const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
        if (!res.ok || !IMAGE_TYPES.has(type)) {
          await res.body?.cancel().catch(() => undefined)
          return null
        }
        const bytes = await readImage(res, ICON_MAX_BYTES, signal)
        return { type, base64: Buffer.from(bytes).toString('base64') }
      })
      if (!icon) return null
      await deps.cache.put(CACHE_BUCKET, src, icon, cachedIcon, deps.now()).catch(() => undefined)
      return icon
    } catch {
      return null
    }
  }

  return {
    async respond(requestUrl) {
      let src: string | null
      try {
        src = new URL(requestUrl).searchParams.get('src')
      } catch {
        src = null
      }
      if (!src || !isIconSourceAllowed(src, deps.demoOrigin())) return refused(403, 'icon source not allowed')
      let pending = inflight.get(src)
      if (!pending) {
        pending = load(src).finally(() => inflight.delete(src))
        inflight.set(src, pending)
      }
      const icon = await pending
      return icon ? answer(icon) : refused(404, 'no icon')
    }
  }
}
