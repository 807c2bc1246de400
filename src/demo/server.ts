// HTTP routing for the demo network: the four /api operations, the JSON-RPC node at /rpc, and the /__sim
// control surface used by tests that run the sim in another process. Faults are applied here.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody } from '../main/http-body'
import { apiError, SimCore, type ApiOperation } from './core'
import { z } from 'zod'
import { faultRequestSchema, type FaultTable } from './faults'
import {
  send,
  sendHtml502,
  sendStatus,
  sendTruncated,
  streamHuge,
  withOtherId,
  withWrongTypes
} from './faulty'
import { iconSvg } from './icons'
import { writeJson } from './json'
import type { FaultSpec, SimOperation, SimSample, SimStats } from './types'

/** the demo network's second node, which lags each rotation (motion.ts) */
export const LAGGING_RPC_PATH = '/rpc/lagging'

/** Request bodies beyond this are refused: the real service's limit is unknown, a megabyte is plenty. */
const MAX_REQUEST_BYTES = 1024 * 1024

const API_OPS: readonly ApiOperation[] = [
  'queryHistory',
  'queryBridgeInfo',
  'queryTokenList',
  'queryChainList'
]

export interface Control {
  setFaults(op: SimOperation | '*', spec: FaultSpec | null): void
  clearFaults(): void
  /** answers every request a hang fault is holding with its normal answer */
  releaseHeld(): number
  rotateVault(): { epoch: number; publicKey: string }
  hold(address: string, chainId: number, count: number): number
  arrive(address: string, chainId: number, count: number): number
  sample(): SimSample
  stats(): SimStats
}

/** POST /__sim/hold and /__sim/arrive: a test holds back the newest transfers of a history, then lets them in */
const historyControlSchema = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  chainId: z.int().positive(),
  count: z.int().min(0).max(1000).default(1)
})

export interface SimServerHandle {
  /** the request listener; index.ts attaches it once the port (and so the icons' origin) is known */
  handle(req: IncomingMessage, res: ServerResponse): void
  /** ends pending latency timers and hanging requests */
  abandon(): void
  /** answers every held (hang fault) request as if it had no fault; returns how many */
  release(): number
  /** requests a hang fault is holding right now */
  held(): number
}

export function createSimHandler(
  core: SimCore,
  faults: FaultTable,
  control: Control,
  counts: Record<SimOperation, number>,
  now: () => number
): SimServerHandle {
  const timers = new Set<NodeJS.Timeout>()
  const hanging = new Set<ServerResponse>()
  /** hang-fault requests and how to answer each normally: a test holds a request pending, then lets it go */
  const held = new Map<ServerResponse, () => void>()

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t)
        resolve()
      }, ms)
      timers.add(t)
    })

  function methodNotAllowed(res: ServerResponse, allow: string): void {
    res.setHeader('Allow', allow)
    send(res, 405, writeJson({ code: 405, message: 'method not allowed', data: null }))
  }

  async function operation(op: SimOperation, path: string, body: string, res: ServerResponse): Promise<void> {
    counts[op] += 1
    const fault = faults.take(op)
    const isRpc = op === 'tss_getVault'
    if (path === LAGGING_RPC_PATH && !fault) {
      const text = core.rpcLagging(body)
      return text === null ? sendStatus(res, 503, path, now()) : send(res, 200, text)
    }
    // An answer is built during the latency, not after it: a service's time to answer includes building
    // the answer. Built after the wait, the simulator's own CPU time (2–3 ms for a history page of 100)
    // was added to the latency of every request and counted against the client in the "load all" bench.
    const answers = !fault?.hang && fault?.status === undefined && !fault?.html && !fault?.envelope && !(isRpc && fault?.rpcError)
    const started = performance.now()
    const built = answers ? (isRpc ? core.rpc(body) : core.api(op, body)) : null
    if (fault?.latencyMs) await sleep(Math.max(0, fault.latencyMs - (performance.now() - started)))
    if (res.destroyed) return
    if (fault?.hang) {
      // Not answered until released (release()) or closed (close() destroys the socket).
      hanging.add(res)
      held.set(res, () => send(res, 200, isRpc ? core.rpc(body) : core.api(op as ApiOperation, body)))
      res.on('close', () => {
        hanging.delete(res)
        held.delete(res)
      })
      return
    }
    if (fault?.status !== undefined) return sendStatus(res, fault.status, path, now())
    if (fault?.html) return sendHtml502(res)
    if (fault?.envelope) return send(res, 200, apiError(fault.envelope.code, fault.envelope.message))

    const id = isRpc ? SimCore.rpcId(body) : null
    if (isRpc && fault?.rpcError) {
      return send(res, 200, writeJson({ jsonrpc: '2.0', id, error: fault.rpcError }))
    }
    let text = built ?? (isRpc ? core.rpc(body) : core.api(op, body))
    if (fault?.hugeBodyMb) return hugeBody(res, op, text, fault.hugeBodyMb)
    if (fault?.wrongTypes) text = withWrongTypes(text)
    if (isRpc && fault?.badId) text = withOtherId(text, id)
    if (fault?.truncate) return sendTruncated(res, text)
    if (fault?.dripMs) return drip(res, text, fault.dripMs)
    send(res, 200, text)
  }

  /** Sends the headers, then one byte per interval until done or closed (close() ends it like a hang). */
  function drip(res: ServerResponse, text: string, everyMs: number): void {
    const body = Buffer.from(text, 'utf8')
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) })
    res.flushHeaders()
    hanging.add(res)
    let i = 0
    const tick = setInterval(() => {
      if (res.destroyed || i >= body.length) {
        clearInterval(tick)
        hanging.delete(res)
        if (!res.destroyed) res.end()
        return
      }
      res.write(body.subarray(i, i + 1))
      i += 1
    }, everyMs)
    res.on('close', () => {
      clearInterval(tick)
      hanging.delete(res)
    })
  }

  async function hugeBody(res: ServerResponse, op: SimOperation, normal: string, mb: number): Promise<void> {
    if (op === 'tss_getVault') {
      const record = writeJson(core.vault.record(core.vault.latest()))
      const head = normal.slice(0, normal.indexOf('"result"'))
      return streamHuge(res, mb, head + '"result":[', record, () => ']}')
    }
    // A history page of one real record over and over: looks valid, is just too big.
    const item = core.recordText(0)
    return streamHuge(
      res,
      mb,
      '{"code":200,"message":"success","data":{"list":[',
      item,
      (n) => `],"total":${n}}}`
    )
  }

  async function controlRoute(
    path: string,
    method: string,
    body: string,
    res: ServerResponse
  ): Promise<void> {
    const route = path.slice('/__sim/'.length)
    const wants = route === 'sample' || route === 'stats' ? 'GET' : 'POST'
    if (!['faults', 'clear', 'release', 'rotate', 'hold', 'arrive', 'sample', 'stats'].includes(route)) {
      return send(res, 404, writeJson({ error: `no control route ${route}` }))
    }
    if (method !== wants) return methodNotAllowed(res, wants)
    switch (route) {
      case 'faults': {
        let parsed: unknown
        try {
          parsed = JSON.parse(body)
        } catch {
          return send(res, 400, writeJson({ error: 'body is not JSON' }))
        }
        const req = faultRequestSchema.safeParse(parsed)
        if (!req.success) return send(res, 400, writeJson({ error: req.error.message }))
        control.setFaults(req.data.op, req.data.spec)
        return send(res, 200, writeJson({ ok: true }))
      }
      case 'clear':
        control.clearFaults()
        return send(res, 200, writeJson({ ok: true }))
      case 'release':
        return send(res, 200, writeJson({ ok: true, released: control.releaseHeld() }))
      case 'rotate':
        return send(res, 200, JSON.stringify(control.rotateVault()))
      case 'hold':
      case 'arrive': {
        let parsed: unknown
        try {
          parsed = JSON.parse(body)
        } catch {
          return send(res, 400, writeJson({ error: 'body is not JSON' }))
        }
        const req = historyControlSchema.safeParse(parsed)
        if (!req.success) return send(res, 400, writeJson({ error: req.error.message }))
        const { address, chainId, count } = req.data
        if (route === 'hold') return send(res, 200, writeJson({ ok: true, held: control.hold(address, chainId, count) }))
        return send(res, 200, writeJson({ ok: true, arrived: control.arrive(address, chainId, count) }))
      }
      case 'sample':
        return send(res, 200, JSON.stringify(control.sample()))
      default:
        return send(res, 200, JSON.stringify(control.stats()))
    }
  }

  /** GET /icons/…: the catalog's own icons (see icons.ts); any other name is a 404. */
  function icon(path: string, method: string, res: ServerResponse): void {
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(res, 'GET')
    const label = core.catalog.iconLabel(path)
    if (label === null) return send(res, 404, writeJson({ code: 404, message: 'no such icon', data: null }))
    const body = iconSvg(label)
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'max-age=86400', 'x-content-type-options': 'nosniff' })
    res.end(method === 'HEAD' ? undefined : body)
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const method = req.method ?? 'GET'
    if (path.startsWith('/icons/')) {
      req.resume()
      return icon(path, method, res)
    }
    let op: SimOperation | null = null
    if (path === '/rpc' || path === LAGGING_RPC_PATH) op = 'tss_getVault'
    else if (path.startsWith('/api/')) {
      const name = path.slice('/api/'.length) as ApiOperation
      if (API_OPS.includes(name)) op = name
    }
    const isControl = path.startsWith('/__sim/')
    if (!op && !isControl) {
      req.resume()
      return send(res, 404, writeJson({ code: 404, message: 'not found', data: null }))
    }
    if (op && method !== 'POST') {
      req.resume()
      return methodNotAllowed(res, 'POST')
    }
    let body: string
    try {
      body = await readBody(req, MAX_REQUEST_BYTES)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        res.setHeader('Connection', 'close')
        return send(res, 413, writeJson({ code: 413, message: 'request body too large', data: null }))
      }
      throw error
    }
    if (isControl) return controlRoute(path, method, body, res)
    if (op) return operation(op, path, body, res)
  }

  return {
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        if (!res.headersSent && !res.destroyed) {
          send(res, 500, writeJson({ code: 500, message: `sim failure: ${String(error)}`, data: null }))
        } else res.destroy()
      })
    },
    abandon() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      for (const res of hanging) res.destroy()
      hanging.clear()
      held.clear()
    },
    release() {
      const answers = [...held.entries()]
      held.clear()
      for (const [res, answer] of answers) {
        hanging.delete(res)
        if (!res.destroyed) answer()
      }
      return answers.length
    },
    held: () => held.size
  }
}
