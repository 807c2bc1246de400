// HTTP routing for the demo network: the four /api operations, the JSON-RPC node at /rpc (and a second node
// at /rpc/lagging), the TSS cross-chain API at /cross/…, each chain's EVM JSON-RPC at /chain/<id>, and the
// catalog's icons. The demo a user runs
// answers every request as a healthy service would; a test rig (test/support) may put a gate in front of the
// answers to slow, break or hold them, and may serve routes of its own.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody } from '@shared/http-body'
import type { ApiOperation, SimCore } from './core'
import { iconSvg } from './icons'
import { CHAIN_RPC_PREFIX } from './chain-rpc-path'
import { writeJson } from './json'
import { methodNotAllowed, send, sendStatus } from './respond'
import type { TssSim } from './tss'
import type { SimOperation } from './types'
import { SUCCESSOR_PREFIXES, successorAnswer } from './successors'

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

/** One request to an operation, as a gate sees it. */
export interface Exchange {
  op: SimOperation
  path: string
  body: string
  res: ServerResponse
  /** the answer the demo gives this request, built on call */
  answer(): string
}

/**
 * What may stand between a request and the demo's answer. Each hook answers true when it has taken the
 * request over (answered it, or holds it), false to let the demo answer.
 */
export interface DemoGate {
  /** an /api or /rpc request, once its body is read */
  operation(x: Exchange): boolean | Promise<boolean>
  /** a TSS API request (GET /cross/…) */
  tss(url: URL, res: ServerResponse, answer: () => string): boolean | Promise<boolean>
  /** a path the demo does not serve, with its body read */
  route(path: string, method: string, body: string, res: ServerResponse): boolean | Promise<boolean>
  /** ends whatever the gate still holds (the network is closing) */
  abandon(): void
}

export interface DemoHandler {
  handle(req: IncomingMessage, res: ServerResponse): void
  abandon(): void
}

export function createDemoHandler(
  core: SimCore,
  tss: TssSim,
  now: () => number,
  gate: DemoGate | null
): DemoHandler {
  const notAllowed = (res: ServerResponse, allow: string): void =>
    methodNotAllowed(res, allow, writeJson({ code: 405, message: 'method not allowed', data: null }))

  async function operation(op: SimOperation, path: string, body: string, res: ServerResponse): Promise<void> {
    const answer = (): string =>
      op === 'tss_getVault' ? (core.keepers.answerRelay(body) ?? core.rpc(body)) : core.api(op, body)
    if (gate && (await gate.operation({ op, path, body, res, answer }))) return
    if (res.destroyed) return
    if (path === LAGGING_RPC_PATH) {
      const text = core.rpcLagging(body)
      return text === null ? sendStatus(res, 503, path, now()) : send(res, 200, text)
    }
    send(res, 200, answer())
  }

  async function cross(url: URL, method: string, res: ServerResponse): Promise<void> {
    if (method !== 'GET' && method !== 'HEAD') {
      res.setHeader('Allow', 'GET')
      return send(res, 405, writeJson({ code: 405, data: null, msg: 'method not allowed' }))
    }
    const tssAnswer = (): string => tss.answer(url.pathname, url.searchParams)
    if (gate && (await gate.tss(url, res, tssAnswer))) return
    if (!res.destroyed) send(res, 200, tssAnswer())
  }

  /** GET /icons/…: the catalog's own icons (see icons.ts); any other name is a 404. */
  function icon(path: string, method: string, res: ServerResponse): void {
    if (method !== 'GET' && method !== 'HEAD') return notAllowed(res, 'GET')
    const label = core.catalog.iconLabel(path)
    if (label === null) return send(res, 404, writeJson({ code: 404, message: 'no such icon', data: null }))
    const body = iconSvg(label)
    res.writeHead(200, {
      'content-type': 'image/svg+xml',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'max-age=86400',
      'x-content-type-options': 'nosniff'
    })
    res.end(method === 'HEAD' ? undefined : body)
  }

  /** POST /chain/<chainId>: that demo chain's EVM JSON-RPC (chains.ts) */
  async function chainRpc(
    req: IncomingMessage,
    chainId: string,
    method: string,
    res: ServerResponse
  ): Promise<void> {
    if (method !== 'POST') {
      req.resume()
      return notAllowed(res, 'POST')
    }
    const body = await readBody(req, MAX_REQUEST_BYTES).catch(() => null)
    const text =
      body === null || !/^\d{1,20}$/.test(chainId) ? null : core.chains.answer(Number(chainId), body)
    if (text === null) return send(res, 404, writeJson({ code: 404, message: 'no such chain', data: null }))
    send(res, 200, text)
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    const method = req.method ?? 'GET'
    if (path.startsWith(CHAIN_RPC_PREFIX))
      return chainRpc(req, path.slice(CHAIN_RPC_PREFIX.length), method, res)
    if (SUCCESSOR_PREFIXES.some((p) => path.startsWith(`${p}/api/`))) {
      // Butter's swap-data API and MAP's Bridge Scan API, from the same transfers (successors.ts): GET only.
      req.resume()
      if (method !== 'GET' && method !== 'HEAD') return notAllowed(res, 'GET')
      const text = successorAnswer(core, path, url.searchParams)
      return text === null
        ? send(res, 404, writeJson({ code: 404, message: 'not found', data: null }))
        : send(res, 200, text)
    }
    if (path.startsWith('/icons/') || path.startsWith('/cross/')) {
      req.resume()
      return path.startsWith('/icons/') ? icon(path, method, res) : cross(url, method, res)
    }
    let op: SimOperation | null = null
    if (path === '/rpc' || path === LAGGING_RPC_PATH) op = 'tss_getVault'
    else if (path.startsWith('/api/')) {
      const name = path.slice('/api/'.length) as ApiOperation
      if (API_OPS.includes(name)) op = name
    }
    if (!op && !gate) {
      req.resume()
      return send(res, 404, writeJson({ code: 404, message: 'not found', data: null }))
    }
    if (op && method !== 'POST') {
      req.resume()
      return notAllowed(res, 'POST')
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
    if (op) return operation(op, path, body, res)
    if (gate && (await gate.route(path, method, body, res))) return
    send(res, 404, writeJson({ code: 404, message: 'not found', data: null }))
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
      gate?.abandon()
    }
  }
}
