// A forward proxy on 127.0.0.1 for the proxy tests. It takes both kinds of proxied request: absolute-form
// ("POST http://bridge.test:4000/api/x HTTP/1.1", what clients send for http:// targets) and CONNECT tunnels
// (for https://). It resolves names itself: any "*.test" name, and loopback, is 127.0.0.1, so a client that
// reached bridge.test can only have come through here (bridge.test resolves nowhere else: ENOTFOUND). Any
// other name is refused (502): this proxy never connects off the machine.
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'

export interface ProxiedRequest {
  kind: 'absolute' | 'connect'
  /** the absolute URL, or host:port of a tunnel */
  target: string
  /** the Proxy-Authorization header, decoded from Basic ("user:password"), if any */
  credentials: string | null
}

export interface TestProxyOptions {
  /** 'silent': accepts each connection and request and never answers (a proxy that hangs) */
  mode?: 'relay' | 'silent'
  /** "user:password" the proxy demands (407 otherwise) */
  credentials?: string
}

export interface TestProxy {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  seen: ProxiedRequest[]
  /** requests and tunnels held by a silent proxy whose client has since closed the connection */
  letGo(): number
  /** requests and tunnels held right now */
  holding(): number
  close(): Promise<void>
}

function localAddress(host: string): string | null {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (h.endsWith('.test') || h === 'localhost' || h === '127.0.0.1' || h === '::1') return '127.0.0.1'
  return null
}

function decodeCredentials(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header
  const m = /^Basic\s+(\S+)$/i.exec(value ?? '')
  return m ? Buffer.from(m[1] ?? '', 'base64').toString('utf8') : null
}

export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const seen: ProxiedRequest[] = []
  const sockets = new Set<Socket>()
  let held = 0
  let letGo = 0
  const silent = options.mode === 'silent'

  function hold(socket: Duplex): void {
    held++
    // Read (and drop) what comes, so that the client's FIN is seen, and close our side then, as proxies do.
    socket.resume()
    socket.on('end', () => socket.destroy())
    socket.on('close', () => {
      held--
      letGo++
    })
  }

  function record(kind: ProxiedRequest['kind'], target: string, req: IncomingMessage): boolean {
    const credentials = decodeCredentials(req.headers['proxy-authorization'])
    seen.push({ kind, target, credentials })
    return options.credentials === undefined || credentials === options.credentials
  }

  const server: Server = createServer((req, res) => {
    let target: URL
    try {
      target = new URL(req.url ?? '')
    } catch {
      res.writeHead(400).end('absolute-form requests only')
      return
    }
    const allowed = record('absolute', target.href, req)
    if (silent) return hold(req.socket)
    if (!allowed) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"', 'Content-Type': 'text/plain' }).end('proxy authentication required')
      return
    }
    const address = localAddress(target.hostname)
    if (address === null) {
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('this test proxy reaches *.test and loopback only')
      return
    }
    const headers = { ...req.headers }
    delete headers['proxy-authorization']
    delete headers['proxy-connection']
    const upstream = request(
      { host: address, port: Number(target.port) || 80, method: req.method, path: `${target.pathname}${target.search}`, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      }
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })

  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const target = req.url ?? ''
    const allowed = record('connect', target, req)
    client.on('error', () => undefined)
    if (silent) return hold(client)
    if (!allowed) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const m = /^(.+):(\d+)$/.exec(target)
    const address = m ? localAddress(m[1] ?? '') : null
    if (!m || address === null) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n')
      return
    }
    let established = false
    const upstream = connect(Number(m[2]), address, () => {
      established = true
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => {
      // as proxies answer when the target cannot be reached (unless the tunnel was already open)
      if (client.writable && !established) client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n')
      else client.destroy()
    })
    client.on('close', () => upstream.destroy())
  })

  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    letGo: () => letGo,
    holding: () => held,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy()
        server.close(() => ok())
      })
  }
}

/** A port on 127.0.0.1 with nothing listening (a proxy that is down). */
export async function closedPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok))
  const { port } = s.address() as AddressInfo
  await new Promise<void>((ok) => s.close(() => ok()))
  return port
}
