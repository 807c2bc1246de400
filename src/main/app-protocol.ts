// The renderer is served from app://bridgescope/ rather than file:// (Electron security checklist 18): a
// file:// page may read any file:// URL, and only a protocol we answer ourselves can send the CSP as a real
// header. The handler serves files from the built renderer folder and nothing else.
import { readFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import type { Protocol } from 'electron'
import { contentType } from './mime'
import { ICON_PATH, type IconService } from './icons'
import { CONTENT_SECURITY_POLICY } from './security'

export const APP_SCHEME = 'app'
export const APP_HOST = 'bridgescope'
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`


/** The file under `rendererDir` that `url` names, or null for anything outside it or another host. */
export function resolveAppFile(url: string, rendererDir: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(u.pathname)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  const root = normalize(rendererDir)
  const file = normalize(join(root, path === '/' ? '/index.html' : path))
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null
}

/** The answer to one app:// request: the file with its type and the CSP header, or a plain 404. */
export async function appProtocolResponse(url: string, rendererDir: string): Promise<Response> {
  const file = resolveAppFile(url, rendererDir)
  const notFound = (): Response => new Response('not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  if (file === null) return notFound()
  let body: Buffer
  try {
    body = await readFile(file)
  } catch {
    return notFound()
  }
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': contentType(file),
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff'
    }
  })
}

/**
 * Before app ready: app:// is a standard, secure origin (relative URLs, modules and fetch behave as on https).
 * codeCache: V8 keeps the compiled renderer bundle between launches, as it does for http(s) pages; without it
 * every window start parses and compiles the same scripts again (custom schemes have no code cache by default).
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }])
}

/** Is this app:// URL the icon route (icons are fetched by main, never by the renderer)? */
export function isIconRequest(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.pathname === ICON_PATH
  } catch {
    return false
  }
}

/** `icons` is read per request: the app context (which owns the icon service) starts after the protocol. */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string, icons: () => IconService | null = () => null): void {
  protocol.handle(APP_SCHEME, (request) => {
    const service = isIconRequest(request.url) ? icons() : null
    return service ? service.respond(request.url) : appProtocolResponse(request.url, rendererDir)
  })
}
