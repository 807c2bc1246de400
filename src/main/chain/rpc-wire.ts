// The chain check's JSON-RPC on the wire, strict: every request to a chain's RPC leaves through `post` (the
// client's postJson: the process's fetch and proxy rules, deadlines, retries, the size cap), so a rule about
// where requests may go is one line here. A reply is taken only when it is unambiguously the reply to the call
// asked: a single reply must carry the request's id; a batch must answer every id asked exactly once and
// nothing else. Anything else (a duplicated id, a foreign id, a missing id, a member that is not a reply) is
// the RPC failing the batch: never "the last reply for an id wins", which lets a forged second reply override
// the real one.
import { AppError } from '@shared/errors'
import type { JsonValue } from '@shared/schemas/vault'
import { isTooLarge, postJson, type HttpOptions } from '../client'

let nextId = 1

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The one way out to a chain's RPC. */
function post(url: string, operation: string, body: unknown, opts: HttpOptions): Promise<JsonValue> {
  return postJson(url, operation, body, opts)
}

/** A reply object's `result` for request `id`, or the AppError it stands for. */
function resultOf(reply: unknown, id: number, method: string): JsonValue {
  if (!isObject(reply)) throw new AppError({ kind: 'protocol', operation: method, message: 'the node did not answer a JSON-RPC object' })
  if (reply.id !== id) {
    throw new AppError({ kind: 'protocol', operation: method, message: `the node answered id ${JSON.stringify(reply.id) ?? 'none'} to request id ${id}` })
  }
  if (isObject(reply.error)) {
    const code = typeof reply.error.code === 'number' ? reply.error.code : undefined
    const message = typeof reply.error.message === 'string' ? reply.error.message : 'no message'
    throw new AppError({ kind: 'rpc', operation: method, ...(code === undefined ? {} : { code }), message: `the node answered error${code === undefined ? '' : ` ${code}`}: ${message}` })
  }
  if (!('result' in reply)) throw new AppError({ kind: 'protocol', operation: method, message: 'the node answered neither result nor error' })
  return reply.result as JsonValue
}

export interface WireCall {
  method: string
  params: JsonValue[]
}

/** One call; its `result`, or AppError rpc (the node's error) / protocol (not its reply) / what postJson throws. */
export async function callOnce(url: string, call: WireCall, opts: HttpOptions): Promise<JsonValue> {
  const id = nextId++
  return resultOf(await post(url, call.method, { jsonrpc: '2.0', method: call.method, params: call.params, id }, opts), id, call.method)
}

/** Each call's own answer: its result, or the error that call alone met. */
export type Settled = { ok: true; result: JsonValue } | { ok: false; error: AppError }

/**
 * A batch's fate: `answered` (every id answered exactly once; each call's own result or error); `refused`
 * (the node does not take batches: a non-array answer, an HTTP 4xx but 408/429); `faulty` (an array that is not
 * exactly one reply per id: the caller asks each call again singly, once); `too-large` (over the size cap: the
 * calls are not asked again, the cap is the answer).
 */
export type BatchReply =
  | { kind: 'answered'; answers: Settled[] }
  | { kind: 'refused'; reason: string }
  | { kind: 'faulty'; reason: string; missing: number }
  | { kind: 'too-large'; error: AppError }

export async function callBatch(url: string, calls: readonly WireCall[], opts: HttpOptions): Promise<BatchReply> {
  const ids = calls.map(() => nextId++)
  const operation = `a JSON-RPC batch of ${calls.length} calls (${[...new Set(calls.map((c) => c.method))].join(', ')})`
  let body: JsonValue
  try {
    body = await post(url, operation, calls.map((c, i) => ({ jsonrpc: '2.0', method: c.method, params: c.params, id: ids[i] })), opts)
  } catch (error) {
    if (isTooLarge(error)) return { kind: 'too-large', error: error as AppError }
    const status = error instanceof AppError && (error.kind === 'http' || error.kind === 'protocol') ? error.code : undefined
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
      return { kind: 'refused', reason: error instanceof Error ? error.message : `HTTP ${status}` }
    }
    throw error
  }
  if (!Array.isArray(body)) {
    const words = isObject(body) && isObject(body.error) && typeof body.error.message === 'string' ? `: ${body.error.message}` : ''
    return { kind: 'refused', reason: `the node did not answer the batch with an array${words}` }
  }
  const asked = new Set(ids)
  const byId = new Map<number, JsonValue>()
  const faults: string[] = []
  for (const reply of body) {
    const id = isObject(reply) ? reply.id : undefined
    if (typeof id !== 'number' || !asked.has(id)) faults.push(`a reply to id ${JSON.stringify(id) ?? 'none'}, which was not asked`)
    else if (byId.has(id)) faults.push(`two replies to id ${id}`)
    else byId.set(id, reply)
  }
  const missing = ids.filter((id) => !byId.has(id)).length
  if (missing > 0) faults.push(`no reply to ${missing} of its ${ids.length} calls`)
  if (faults.length > 0) return { kind: 'faulty', reason: `the node's batch answer is not one reply per call: ${faults.slice(0, 3).join('; ')}`, missing }
  return {
    kind: 'answered',
    answers: calls.map((call, i): Settled => {
      try {
        return { ok: true, result: resultOf(byId.get(ids[i]!), ids[i]!, call.method) }
      } catch (error) {
        return { ok: false, error: error as AppError }
      }
    })
  }
}
