// The built renderer's files as every shell serves them: app:// in Electron (app-protocol.ts) and the browser
// shell over http (src/web/server.ts) resolve a path and answer it here, so both send one set of headers:
//   - its content type, and `nosniff`, so a file is never run as something it was not served as;
//   - the CSP as a real header (index.html also carries it as a meta tag, which holds in dev too);
//   - long caching for the chunks Vite names by their content (`name-<hash>.js|css`): a new build is a new
//     name, so a browser may keep them for good; without it every page load fetched and compiled every chunk
//     again. The page itself and unhashed files are asked for each time.
import { readFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import { contentType } from './mime'
import { CONTENT_SECURITY_POLICY } from './security'

/** `/assets/name-<hash>.ext`, as Vite names the chunks and the stylesheet it builds. */
const HASHED_ASSET = /^\/assets\/.*-[A-Za-z0-9_-]{8}\.(?:js|css)$/
const KEEP_FOR_GOOD = 'public, max-age=31536000, immutable'

/**
 * The file under `rendererDir` that a URL's path names ('/' is index.html), percent-decoded; null for anything
 * outside that folder (`..` in any spelling), a NUL byte or a path that does not decode.
 */
export function rendererFileOf(pathname: string, rendererDir: string): string | null {
  let path: string
  try {
    path = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  const root = normalize(rendererDir)
  const file = normalize(join(root, path === '/' ? '/index.html' : path))
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null
}

/** The headers a file of the renderer is served with, in every shell (the header of this file says why). */
export function rendererHeaders(pathname: string): Record<string, string> {
  return {
    'Content-Type': contentType(pathname === '/' ? '/index.html' : pathname),
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...(HASHED_ASSET.test(pathname) ? { 'Cache-Control': KEEP_FOR_GOOD } : {})
  }
}

export interface ServedFile {
  status: 200 | 404
  headers: Record<string, string>
  body: Uint8Array
}

/**
 * One file of the renderer with its headers, or a plain 404 for a path outside the folder, a missing file or
 * no path at all (null: a URL that names nothing of ours).
 */
export async function serveRendererFile(pathname: string | null, rendererDir: string): Promise<ServedFile> {
  const file = pathname === null ? null : rendererFileOf(pathname, rendererDir)
  if (pathname !== null && file !== null) {
    try {
      return { status: 200, headers: rendererHeaders(pathname), body: new Uint8Array(await readFile(file)) }
    } catch {
      // missing or unreadable: not found, as for a path outside the folder
    }
  }
  return { status: 404, headers: { 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff' }, body: new TextEncoder().encode('not found') }
}
