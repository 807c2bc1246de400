// A loopback server for pages vite built for the bench (the peer tables, the first-paint reference): the files
// of one directory, and the rows those pages ask for at /rows.json.
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' }

export interface PageServer {
  /** http://127.0.0.1:port */
  origin: string
  close(): Promise<void>
}

/** a vite asset: its content's hash in its name */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.(?:js|css)$/

/**
 * Serves `dir` (which a build must have made: `npm run bench` builds it) and `rows(url)` at /rows.json. The
 * pages' hashed assets may be kept by the browser for good and the rest not at all, as the browser harness
 * serves the app (src/web/server.ts): a reference that compiled its script afresh on every run, beside an app
 * whose chunks come from the browser's caches, would measure the cache, not the page.
 */
export async function startPageServer(dir: string, rows: (url: URL) => string | Buffer): Promise<PageServer> {
  if (!existsSync(dir)) throw new Error(`the bench's pages are not built (${dir}): run the bench through npm run bench`)
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (u.pathname === '/rows.json') {
      const body = rows(u)
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' })
      return void res.end(body)
    }
    const file = normalize(join(dir, u.pathname))
    if (!file.startsWith(dir)) return void res.writeHead(403).end()
    try {
      const body = readFileSync(file)
      const caching = HASHED_ASSET.test(u.pathname) ? 'public, max-age=31536000, immutable' : 'no-store'
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': caching })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
