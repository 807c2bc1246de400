// The renderer is served from app://bridgescope/ rather than file:// (Electron security checklist 18): a
// file:// page may read any file:// URL, and only a protocol we answer ourselves can send the CSP as a real
// header. The handler serves files from the built renderer folder and nothing else, with the headers every
// shell sends (renderer-files.ts).
import type { Protocol } from 'electron'
import { ICON_PATH, type IconService } from './icons'
import { rendererFileOf, serveRendererFile } from './renderer-files'

export const APP_SCHEME = 'app'
export const APP_HOST = 'bridgescope'
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/** The app:// URL's path, or null for another scheme, another host or no URL. */
function appPath(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST ? u.pathname : null
  } catch {
    return null
  }
}

/** The file under `rendererDir` that `url` names, or null for anything outside it or another host. */
export function resolveAppFile(url: string, rendererDir: string): string | null {
  const path = appPath(url)
  return path === null ? null : rendererFileOf(path, rendererDir)
}

/** The answer to one app:// request: the file with the headers every shell sends, or a plain 404. */
export async function appProtocolResponse(url: string, rendererDir: string): Promise<Response> {
  const served = await serveRendererFile(appPath(url), rendererDir)
  return new Response(served.body, { status: served.status, headers: served.headers })
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
  return appPath(url) === ICON_PATH
}

/** `icons` is read per request: the app context (which owns the icon service) starts after the protocol. */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string, icons: () => IconService | null = () => null): void {
  protocol.handle(APP_SCHEME, (request) => {
    const service = isIconRequest(request.url) ? icons() : null
    return service ? service.respond(request.url) : appProtocolResponse(request.url, rendererDir)
  })
}
