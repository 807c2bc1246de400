// The browser harness: serves the built renderer on 127.0.0.1 and answers the page's window.bridgescope calls
// with the very handler table Electron's ipcMain registers (same app context, same dispatch). Only Electron's
// IPC transport is replaced: calls arrive over HTTP, push events leave over server-sent events.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import Conf from 'conf'
import type { EventFrame, EventName, EventPayload } from '@shared/contract'
import { createAppContext, type AppContext, type AppContextOptions } from '../app-context'
import { dispatch } from '../ipc/dispatch'
import type { Result } from '@shared/errors'
import { readBody } from '../http-body'
import { harnessDataDir } from '../paths'
import { contentType } from '../mime'
import { ICON_PATH } from '../icons'
import { CONTENT_SECURITY_POLICY } from '../security'
import { bridgeScript } from './bridge-script'

const MAX_BODY = 12 * 1024 * 1024

export interface HarnessOptions {
  port?: number
  dataDir?: string
  rendererDir?: string
  demo?: AppContextOptions['demo']
  version?: string
  iconFetch?: AppContextOptions['iconFetch']
}

export interface Harness {
  url: string
  context: AppContext
  close(): Promise<void>
}

function defaultRendererDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../renderer')
}

/** `name-<hash>.ext`, as Vite names the chunks and the stylesheet it builds. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8}\.(?:js|css)$/

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const rendererDir = resolve(options.rendererDir ?? defaultRendererDir())
  const indexFile = join(rendererDir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`No built renderer at ${rendererDir}: run npm run build first.`)
  // Each page's event stream, by the client id its bridge script chose: push events go to all, a call's
  // result only to the page that made it.
  const clients = new Map<string, ServerResponse>()
  const broadcast = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    const frame: EventFrame<E> = { event, payload }
    const data = `data: ${JSON.stringify(frame)}\n\n`
    for (const c of clients.values()) c.write(data)
  }
  const context = await createAppContext({
    dataDir: options.dataDir ?? harnessDataDir(),
    storeFactory: ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false }),
    shell: 'harness',
    version: options.version ?? readVersion(),
    broadcast,
    ...(options.demo ? { demo: options.demo } : {}),
    ...(options.iconFetch ? { iconFetch: options.iconFetch } : {})
  })
  const script = bridgeScript()
  // defer: it still runs before the app's module scripts (deferred and module scripts run in document order
  // once the page is parsed), but no longer holds the parser while it is fetched, so the app's own chunks and
  // stylesheet are asked for at once instead of a round trip later.
  const index = readFileSync(indexFile, 'utf8').replace('<head>', '<head>\n    <script defer src="/__harness/bridge.js"></script>')
  let origin = ''
  let port = 0

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String((error as Error).message))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Every route, before anything else (12.9): a page on another site whose name resolves to 127.0.0.1 (DNS
    // rebinding) sends its own Host, and a page of another origin sends its Origin; both are refused.
    if (!isOwnRequest(req.headers.host, req.headers.origin, port)) {
      res.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: 'Refused: the request did not come from the app page.' } }))
      return
    }
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith('/__harness/ipc/')) {
      if (req.method !== 'POST') {
        res.writeHead(403, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: 'Refused: IPC calls are POST requests.' } }))
        return
      }
      const channel = decodeURIComponent(url.pathname.slice('/__harness/ipc/'.length))
      let input: unknown
      let reply: { stream: ServerResponse; id: number } | null = null
      try {
        const body = JSON.parse(await readBody(req, MAX_BODY)) as { input?: unknown; client?: unknown; id?: unknown }
        input = body.input === null ? undefined : body.input
        const stream = typeof body.client === 'string' ? clients.get(body.client) : undefined
        if (stream && typeof body.id === 'number') reply = { stream, id: body.id }
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: 'The call body is not JSON.' } }))
        return
      }
      if (reply) {
        // Acknowledge now; the result follows on the page's event stream.
        res.writeHead(202, { 'Cache-Control': 'no-store' })
        res.end()
        const result = await dispatch(context.handlers, channel, input, { emit: broadcast })
        if (!reply.stream.writableEnded) reply.stream.write(`data: ${replyText(reply.id, result, channel)}\n\n`)
        return
      }
      const result = await dispatch(context.handlers, channel, input, { emit: broadcast })
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(replyText(null, result, channel))
      return
    }
    if (url.pathname === '/__harness/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' })
      res.write(': connected\n\n')
      const id = url.searchParams.get('client') ?? `anonymous-${clients.size}-${Date.now()}`
      clients.set(id, res)
      req.on('close', () => {
        if (clients.get(id) === res) clients.delete(id)
      })
      return
    }
    if (url.pathname === ICON_PATH) {
      // The same icon service app:// uses: the page never fetches a remote icon itself.
      const icon = await context.icons.respond(url.href)
      res.writeHead(icon.status, Object.fromEntries(icon.headers))
      res.end(Buffer.from(await icon.arrayBuffer()))
      return
    }
    if (url.pathname === '/__harness/bridge.js') {
      res.writeHead(200, { 'Content-Type': contentType('bridge.js'), 'Cache-Control': 'no-store' })
      res.end(script)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405)
      res.end()
      return
    }
    const path = url.pathname === '/' ? '/index.html' : url.pathname
    const file = normalize(join(rendererDir, path))
    if (!file.startsWith(rendererDir + sep) || path === '/index.html') {
      res.writeHead(200, { 'Content-Type': contentType('index.html'), 'Content-Security-Policy': CONTENT_SECURITY_POLICY })
      res.end(index)
      return
    }
    try {
      const body = await readFile(file)
      // Built assets carry a hash of their content in their name: a new build is a new name, so the browser
      // may keep them for good, as the app keeps its own files (app:// reads them from disk, with V8's code
      // cache). Without this every page load fetched and compiled every chunk again.
      const immutable = path.startsWith('/assets/') && HASHED_ASSET.test(path)
      res.writeHead(200, { 'Content-Type': contentType(file), ...(immutable ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {}) })
      res.end(body)
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' })
      res.end('not found')
    }
  }

  await new Promise<void>((ok) => server.listen(options.port ?? 0, '127.0.0.1', ok))
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/`,
    context,
    close: async () => {
      for (const c of clients.values()) c.end()
      server.closeAllConnections()
      await new Promise<void>((ok) => server.close(() => ok()))
      await context.dispose()
    }
  }
}

/**
 * Is this request addressed to the harness by one of its own names, and sent (if by a page at all) from the
 * harness's own origin? Host must be 127.0.0.1, localhost or [::1] with our port; Origin absent (same-origin
 * GETs, EventSource, curl) or http:// plus that same Host. The page works the same at 127.0.0.1 and localhost.
 */
export function isOwnRequest(host: string | undefined, origin: string | undefined, port: number): boolean {
  if (host === undefined) return false
  const own = ownHosts(port)
  if (!own.includes(host.toLowerCase())) return false
  return origin === undefined || origin.toLowerCase() === `http://${host.toLowerCase()}`
}

function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8')) as { version?: string }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/**
 * The reply frame as text. Whatever the result holds, the page gets an answer: a result that cannot be
 * serialised becomes an error result, never a call left waiting.
 */
export function replyText(id: number | null, result: Result<unknown>, channel: string): string {
  const frame = (r: Result<unknown>): string => JSON.stringify(id === null ? r : { reply: id, result: r })
  try {
    return frame(result)
  } catch (error) {
    return frame({ ok: false, error: { kind: 'protocol', operation: channel, message: `the answer could not be sent to the page (${(error as Error).message})` } })
  }
}

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}

// Run directly (npm run web → scripts/web.js imports this bundle and calls runHarnessCli).
export async function runHarnessCli(argv: string[]): Promise<void> {
  const port = Number(argValue(argv, '--port') ?? process.env.PORT ?? 5183)
  const dataDir = argValue(argv, '--data-dir')
  const harness = await startHarness({ port, demo: { watchOnFirstRun: true }, ...(dataDir ? { dataDir } : {}) })
  console.log(`Bridgescope harness: ${harness.url}`)
  console.log(`Data folder: ${dataDir ?? harnessDataDir()}`)
  console.log('Open it in a browser; Ctrl-C stops it.')
  const stop = () => {
    void harness.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
