// Shared set-up for client tests: the simulator (the only fixture source) and a loopback path-prefix proxy.
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Simulator } from '../../../support/simulator'
import { AppError, type ErrorKind } from '../../../../src/shared/errors'

/** Awaits a rejection and checks it is an AppError of `kind`; returns it for more checks. */
export async function expectAppError(promise: Promise<unknown>, kind: ErrorKind): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`expected AppError(${kind}), got ${String(error)}`)
    if (error.kind !== kind) throw new Error(`expected AppError(${kind}), got ${error.kind}: ${error.message}`)
    return error
  }
  throw new Error(`expected AppError(${kind}), but it resolved`)
}

/**
 * A reverse proxy on 127.0.0.1 that serves `target` under `prefix` (the sim itself knows no prefixes);
 * `transform` may rewrite the simulator's response text (to plant a fault the sim has no switch for).
 */
export interface SeenRequest {
  method: string
  path: string
  contentType: string | undefined
  body: string
}

export async function startPrefixProxy(
  target: string,
  prefix: string,
  transform?: (body: string) => string
): Promise<{ url: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const t = new URL(target)
  const seen: SeenRequest[] = []
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/'
    if (!path.startsWith(prefix + '/')) {
      res.writeHead(404).end()
      return
    }
    const record: SeenRequest = { method: req.method ?? '', path, contentType: req.headers['content-type'], body: '' }
    seen.push(record)
    req.on('data', (c: Buffer) => (record.body += c.toString('utf8')))
    const upstream = request(
      { host: t.hostname, port: t.port, method: req.method, path: path.slice(prefix.length), headers: req.headers },
      (up) => {
        if (!transform) {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('end', () => {
          const body = Buffer.from(transform(Buffer.concat(chunks).toString('utf8')), 'utf8')
          res.writeHead(up.statusCode ?? 502, { ...up.headers, 'content-length': String(body.length) })
          res.end(body)
        })
      }
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${prefix}/`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

/** The wire text of page 1 (of `pageSize`) of the simulator's busiest address: numbers exactly as sent. */
export async function busiestHistoryText(sim: Simulator, pageSize: number): Promise<string> {
  const { address, chainId } = sim.sample().addresses[0]!
  const res = await fetch(`${sim.baseUrl}/api/queryHistory`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, chainId, pageNo: 1, pageSize })
  })
  return res.text()
}
