// The browser shell (npm run web): serves the built renderer on 127.0.0.1 and answers the page's
// window.bridgescope calls with the very handler table Electron's ipcMain registers (same app context, same dispatch). Only Electron's
// IPC transport is replaced: calls and their answers, and push events, travel over one WebSocket per page;
// a call made while the page has no socket open is answered on its own HTTP request.
//
// Why a WebSocket (the bench's filter_p95_ms): a call as an HTTP POST with its answer on a server-sent-event
// stream took ~5 ms there and back on 127.0.0.1, and ~1.8 ms of the page's main thread to start the request;
// a WebSocket message there and back takes ~1.2 ms (80 KB: 2.7 vs 7.3 ms), nearer what Electron's IPC costs.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import Conf from 'conf'
import { z } from 'zod'
import type { EventFrame, EventName, EventPayload } from '@shared/contract'
import { createAppContext, type AppContext, type AppContextOptions } from '../main/app-context'
import { dispatch } from '../main/ipc'
import type { Result } from '@shared/errors'
import { readBody } from '@shared/http-body'
import { harnessDataDir } from '../main/paths'
import { ICON_PATH } from '../main/icons'
import { rendererFileOf, rendererHeaders, serveRendererFile } from '../main/renderer-files'
import { waitAtMost } from '../main/deadline'
import { networkFromEnv, type Env, type Network } from '../main/net'
import { BRIDGE_SCRIPT_PATH, bridgeScript, KEY_HEADER, KEY_PARAM, SOCKET_PATH } from './bridge-script'
import { demoNetworkPlan } from '../demo/plan'

const MAX_BODY = 12 * 1024 * 1024
/** How long close() lets calls under way finish before the context shuts down. */
const CLOSE_WAIT_MS = 5_000

export interface WebShellOptions {
  port?: number
  dataDir?: string
  rendererDir?: string
  /** the demo network (default: the one a user runs, which moves) */
  demo?: AppContextOptions['demo']
  version?: string
  /** how main reaches the network; by default the proxy variables of `env` (../net/env-proxy.ts) */
  fetch?: AppContextOptions['fetch']
  /** where the proxy variables are read when no `fetch` is given: process.env unless a test passes its own */
  env?: Env
}

export interface WebShell {
  /** the address to open: the app page with this launch's key (`?key=`), without which no call is answered */
  url: string
  /** http://127.0.0.1:<port>, the page's Origin */
  origin: string
  /** this launch's key: a call sends it in the X-Bridgescope-Key header, the socket as ?key= */
  key: string
  context: AppContext
  close(): Promise<void>
}

function defaultRendererDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../renderer')
}


export async function startWebShell(options: WebShellOptions = {}): Promise<WebShell> {
  const rendererDir = resolve(options.rendererDir ?? defaultRendererDir())
  const indexFile = join(rendererDir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`No built renderer at ${rendererDir}: run npm run build first.`)
  // Each page's socket: push events go to all, a call's answer only to the socket that asked.
  const sockets = new Set<WebSocket>()
  const broadcast = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    const frame: EventFrame<E> = { event, payload }
    const data = JSON.stringify(frame)
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(data)
  }
  // In a browser the page would use the browser's proxy; main's own requests honour the environment's.
  const network: Network = options.fetch ? { fetch: options.fetch, close: () => Promise.resolve() } : networkFromEnv(options.env ?? process.env)
  const context = await createAppContext({
    dataDir: options.dataDir ?? harnessDataDir(),
    storeFactory: ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false }),
    shell: 'harness',
    version: options.version ?? readVersion(),
    broadcast,
    demo: options.demo ?? demoNetworkPlan(),
    fetch: network.fetch
  })
  // Calls under way, for close() to let finish before the context goes: a call that writes settings or the
  // cache must not do so into a folder its owner is already removing.
  const calls = new Set<Promise<unknown>>()
  function tracked(channel: string, input: unknown): ReturnType<typeof dispatch> {
    const pending = dispatch(context.handlers, channel, input, { emit: broadcast })
    calls.add(pending)
    void pending.finally(() => calls.delete(pending))
    return pending
  }
  const script = bridgeScript()
  // defer: it still runs before the app's module scripts (deferred and module scripts run in document order
  // once the page is parsed), but no longer holds the parser while it is fetched, so the app's own chunks and
  // stylesheet are asked for at once instead of a round trip later.
  const index = readFileSync(indexFile, 'utf8').replace('<head>', `<head>\n    <script defer src="${BRIDGE_SCRIPT_PATH}"></script>`)
  let origin = ''
  let port = 0
  // The page's key for this launch: any local process (or a URL a hostile service names, fetched by main) can
  // reach 127.0.0.1, but only the page opened at the printed address knows this.
  const key = randomBytes(24).toString('base64url')
  const keyBytes = Buffer.from(key)
  const keyMatches = (given: string | string[] | null | undefined): boolean => {
    if (typeof given !== 'string') return false
    const bytes = Buffer.from(given)
    return bytes.length === keyBytes.length && timingSafeEqual(bytes, keyBytes)
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String((error as Error).message))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Every route, before anything else: a page on another site whose name resolves to 127.0.0.1 (DNS
    // rebinding) sends its own Host, and a page of another origin sends its Origin; both are refused.
    if (!isOwnRequest(req.headers.host, req.headers.origin, port)) {
      res.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: 'Refused: the request did not come from the app page.' } }))
      return
    }
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith('/__harness/ipc/')) {
      // A page always sends Origin with a POST; Node's fetch, curl and other processes send none, or no key.
      if (req.headers.origin === undefined || !keyMatches(req.headers[KEY_HEADER])) {
        res.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: NOT_THE_PAGE } }))
        return
      }
      if (req.method !== 'POST') {
        res.writeHead(403, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: 'Refused: IPC calls are POST requests.' } }))
        return
      }
      const channel = decodeURIComponent(url.pathname.slice('/__harness/ipc/'.length))
      let input: unknown
      try {
        const body = JSON.parse(await readBody(req, MAX_BODY)) as { input?: unknown }
        input = body.input === null ? undefined : body.input
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ ok: false, error: { kind: 'input', message: 'The call body is not JSON.' } }))
        return
      }
      const result = await tracked(channel, input)
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(replyText(null, result, channel))
      return
    }
    if (url.pathname === SOCKET_PATH) {
      res.writeHead(426, { 'Content-Type': 'text/plain', Upgrade: 'websocket', Connection: 'Upgrade' })
      res.end('This address takes a WebSocket.')
      return
    }
    if (url.pathname === ICON_PATH) {
      // Only for the app's own page (an <img> sends no Origin, but a browser says whose page asks): another
      // process cannot make main fetch icons for it.
      if (req.headers['sec-fetch-site'] !== 'same-origin') {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
        res.end('icons are served to the app page only')
        return
      }
      // The same icon service app:// uses: the page never fetches a remote icon itself.
      const icon = await context.icons.respond(url.href)
      res.writeHead(icon.status, Object.fromEntries(icon.headers))
      res.end(Buffer.from(await icon.arrayBuffer()))
      return
    }
    if (url.pathname === BRIDGE_SCRIPT_PATH) {
      res.writeHead(200, { ...rendererHeaders(BRIDGE_SCRIPT_PATH), 'Cache-Control': 'no-store' })
      res.end(script)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405)
      res.end()
      return
    }
    // the renderer's files with the headers every shell sends (src/main/renderer-files.ts); the page, with the
    // bridge script in it, for its own path and any path outside the folder
    const path = url.pathname === '/' ? '/index.html' : url.pathname
    if (path === '/index.html' || rendererFileOf(path, rendererDir) === null) {
      res.writeHead(200, rendererHeaders('/index.html'))
      res.end(index)
      return
    }
    const served = await serveRendererFile(path, rendererDir)
    res.writeHead(served.status, served.headers)
    res.end(served.body)
  }

  // A socket is the page's own, under the same Host and Origin checks as every route: a browser
  // always sends Origin with a WebSocket, so another site's page is turned away before the handshake.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const asked = new URL(req.url ?? '/', origin)
    const own = isOwnRequest(req.headers.host, req.headers.origin, port) && req.headers.origin !== undefined && keyMatches(asked.searchParams.get(KEY_PARAM))
    if (!own || asked.pathname !== SOCKET_PATH) {
      socket.end(`HTTP/1.1 ${own ? '404 Not Found' : '403 Forbidden'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws)
      ws.on('close', () => sockets.delete(ws))
      // a frame past MAX_BODY or broken framing: ws closes the socket itself (1009, 1002); without a listener
      // the 'error' event would throw and take the harness down with it
      ws.on('error', () => sockets.delete(ws))
      ws.on('message', (data, isBinary) => void answer(ws, data, isBinary))
    })
  })

  /** One call off a socket: `{"id":<number>,"channel":<text>,"input":…}`, answered `{"reply":<id>,"result":…}`. */
  async function answer(ws: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    const call = isBinary ? null : parseCall(rawText(data))
    if (!call) {
      // the page's bridge never sends anything else; a peer that does is told why, and dropped
      ws.close(1007, 'A call is a JSON text {"id":<number>,"channel":<text>,"input":…}.')
      return
    }
    const result = await tracked(call.channel, call.input)
    if (ws.readyState === ws.OPEN) ws.send(replyText(call.id, result, call.channel))
  }

  try {
    await listenOn(server, options.port ?? 0)
  } catch (error) {
    // the port is taken (another program, or another Bridgescope): nothing of this start may stay open
    await context.dispose()
    await network.close()
    throw error
  }
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/?${KEY_PARAM}=${key}`,
    origin,
    key,
    context,
    close: async () => {
      for (const s of sockets) s.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((ok) => server.close(() => ok()))
      // Bounded: a long call (loading every page of a big address) is left to the context's own shutdown.
      await waitAtMost(Promise.all(calls), CLOSE_WAIT_MS)
      await context.dispose()
      await network.close()
    }
  }
}

/** Listens on 127.0.0.1:`port`; a port already taken rejects (EADDRINUSE) instead of throwing later. */
function listenOn(server: Server, port: number): Promise<void> {
  return new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail)
      ok()
    })
  })
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

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
}

/** A call off the socket: the channel and its input are checked by dispatch, against the contract. */
const callFrame = z.looseObject({ id: z.int(), channel: z.string(), input: z.unknown() })

/** A call frame off the socket, or null when it is not one. `input: null` stands for no input, as over HTTP. */
export function parseCall(text: string): { id: number; channel: string; input: unknown } | null {
  let frame: unknown
  try {
    frame = JSON.parse(text)
  } catch {
    return null
  }
  const call = callFrame.safeParse(frame)
  if (!call.success) return null
  const { id, channel, input } = call.data
  return { id, channel, input: input === null ? undefined : input }
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

const NOT_THE_PAGE = "Refused: the call did not come from the app page (no Origin, or not this launch's key: open the address the shell printed)."
