// Shared set-up for client tests: the simulator (the only fixture source) and a loopback path-prefix proxy.
import { createServer, request, type Server } from 'node:http'
import { expect } from 'vitest'
import fc from 'fast-check'
import type { AddressInfo } from 'node:net'
import type { Simulator } from '../../../support/simulator'
import { AppError, type ErrorKind } from '../../../../src/shared/errors'
import type { HistoryPage } from '../../../../src/shared/schemas/wire'

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

type PageOutcome = { ok: HistoryPage } | { error: { kind: string; message: string; field: string | undefined } }

function pageOutcome(run: () => HistoryPage | null): PageOutcome | null {
  try {
    const page = run()
    // Through JSON: frozen shared detail objects and fresh ones compare alike.
    return page === null ? null : { ok: JSON.parse(JSON.stringify(page)) as HistoryPage }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { error: { kind: error.kind, message: error.message, field: error.field } }
  }
}

/**
 * The check a history decoder's quick way is held to: for a body, the quick way stands aside (null) or gives
 * the exact path's page, and the decode the client runs gives the exact path's answer, page or error.
 */
export function likeExact(paths: {
  exact: (text: string) => HistoryPage
  decode: (text: string) => HistoryPage
  quick: (text: string) => HistoryPage | null
}): (text: string) => 'quick' | 'exact' {
  return (text) => {
    const expected = pageOutcome(() => paths.exact(text))
    expect(pageOutcome(() => paths.decode(text))).toEqual(expected)
    const quick = pageOutcome(() => paths.quick(text))
    if (quick === null) return 'exact'
    expect(quick).toEqual(expected)
    return 'quick'
  }
}

/** `check` holds on every body `bodies` makes, and the quick way took more than `least` of them. */
export function assertQuickAgrees(bodies: fc.Arbitrary<string>, check: (text: string) => 'quick' | 'exact', numRuns: number, least: number): void {
  let quick = 0
  fc.assert(
    fc.property(bodies, (text) => {
      if (check(text) === 'quick') quick++
    }),
    { numRuns }
  )
  // The property is about the quick way: it must have taken a good share of these bodies.
  expect(quick).toBeGreaterThan(least)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}
