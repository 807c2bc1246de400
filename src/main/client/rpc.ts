// JSON-RPC 2.0 tss_getVault: the TSS vault record, latest or by epoch. The result's shape is not published,
// so it is kept whole (big numbers as their exact text, via the lossless parser) and the documented MAP
// Protocol shape is only recognised, never required.
import { AppError } from '@shared/errors'
import { recogniseVaultRecords, type JsonValue, type VaultResult } from '@shared/schemas/vault'
import { isTooLarge, postJson, type HttpOptions } from './http'
import { parseEpoch, type EpochQuery } from '@shared/epoch'

export const VAULT_METHOD = 'tss_getVault'

/**
 * 'latest', or the epoch as a canonical hex quantity ("0xc": lower case, no leading zeros). Accepts
 * decimal text ("12"), hex ("0xc", "0XC", "0x000c"), a non-negative safe integer, or 'latest' in any case.
 */
export function canonicalEpoch(input: string | number): EpochQuery {
  const epoch = parseEpoch(input)
  if (epoch === null) {
    const got = typeof input === 'number' ? String(input) : `"${input.trim().slice(0, 40)}"`
    throw new AppError({ kind: 'input', field: 'epoch', message: `an epoch is 'latest', a decimal or a 0x hex number (got ${got})` })
  }
  return epoch
}

let nextId = 1

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A JSON-RPC reply object's `result`, or the AppError it stands for (error object, wrong id, neither). */
function resultOf(body: JsonValue, id: number, method: string): JsonValue {
  if (!isObject(body)) throw new AppError({ kind: 'protocol', operation: method, message: 'the node did not answer a JSON-RPC object' })
  if (isObject(body.error)) {
    const code = typeof body.error.code === 'number' ? body.error.code : undefined
    const message = typeof body.error.message === 'string' ? body.error.message : 'no message'
    throw new AppError({
      kind: 'rpc',
      operation: method,
      ...(code === undefined ? {} : { code }),
      message: `the node answered error${code === undefined ? '' : ` ${code}`}: ${message}`
    })
  }
  if (body.id !== id) {
    throw new AppError({
      kind: 'protocol',
      operation: method,
      message: `the node answered id ${JSON.stringify(body.id) ?? 'none'} to request id ${id}`
    })
  }
  if (!('result' in body)) throw new AppError({ kind: 'protocol', operation: method, message: 'the node answered neither result nor error' })
  return body.result as JsonValue
}

/** One JSON-RPC call; the answer's `result`, or AppError rpc (error object) / protocol (malformed, id mismatch). */
export async function rpcCall(url: string, method: string, params: JsonValue[], opts: HttpOptions = {}): Promise<JsonValue> {
  const id = nextId++
  return resultOf(await postJson(url, method, { jsonrpc: '2.0', method, params, id }, opts), id, method)
}

export interface RpcBatchCall {
  method: string
  params: JsonValue[]
}

/** Each call's own answer: its result, or the error that call alone met. */
export type RpcSettled = { ok: true; result: JsonValue } | { ok: false; error: AppError }

/**
 * A batch's fate: every call's answer in call order, or `refused` when the node does not take batches (a
 * non-array answer, one error object for the whole batch, an array naming none of the calls, an HTTP 4xx
 * but 408/429): its caller asks singly. `missing` counts the calls the array did not answer.
 */
export type RpcBatchReply =
  | { kind: 'answered'; answers: RpcSettled[]; missing: number }
  | { kind: 'refused'; reason: string }
  /** the whole answer was over the size cap, which holds per answer: its calls may be asked one by one */
  | { kind: 'too-large'; reason: string }

/**
 * Several JSON-RPC calls in one HTTP request (a JSON array, answered by an array matched by id in any
 * order), through the same postJson as rpcCall: its proxy rules, deadline (the whole batch body, dripping or
 * not), retries and size cap hold for the batch as a whole. An error for one call fails only that call; a
 * reply missing a call's id fails that call, naming the id and method. Throws what postJson throws for the
 * request itself (network, timeout, 5xx, cancelled): then no call was answered.
 */
export async function rpcBatch(url: string, calls: readonly RpcBatchCall[], opts: HttpOptions = {}): Promise<RpcBatchReply> {
  const ids = calls.map(() => nextId++)
  const operation = `a JSON-RPC batch of ${calls.length} calls (${[...new Set(calls.map((c) => c.method))].join(', ')})`
  let body: JsonValue
  try {
    body = await postJson(url, operation, calls.map((c, i) => ({ jsonrpc: '2.0', method: c.method, params: c.params, id: ids[i] })), opts)
  } catch (error) {
    if (isTooLarge(error) && calls.length > 1) return { kind: 'too-large', reason: (error as Error).message }
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
  const byId = new Map<number, JsonValue>()
  for (const reply of body) if (isObject(reply) && typeof reply.id === 'number') byId.set(reply.id, reply)
  const missing = ids.filter((id) => !byId.has(id)).length
  if (missing === calls.length) return { kind: 'refused', reason: 'the node answered the batch but none of its calls' }
  return {
    kind: 'answered',
    missing,
    answers: calls.map((call, i): RpcSettled => {
      const id = ids[i]!
      const reply = byId.get(id)
      if (reply === undefined) {
        return {
          ok: false,
          error: new AppError({ kind: 'protocol', operation: call.method, message: `the node's batch answer has no reply to id ${id} (${call.method})` })
        }
      }
      try {
        return { ok: true, result: resultOf(reply, id, call.method) }
      } catch (error) {
        return { ok: false, error: error as AppError }
      }
    })
  }
}

/**
 * tss_getVault on the first URL that answers: network, timeout, http and protocol failures move on to
 * the next URL; an RPC error or a cancel is final (another node would say the same / the user stopped).
 */
export async function getVault(urls: readonly string[], epoch: string | number, opts: HttpOptions = {}): Promise<VaultResult> {
  const query = canonicalEpoch(epoch)
  if (urls.length === 0) throw new AppError({ kind: 'input', field: 'rpcUrl', message: 'no JSON-RPC URL is configured' })
  let lastError: unknown
  for (const url of urls) {
    try {
      const raw = await rpcCall(url, VAULT_METHOD, [query], opts)
      return { query, raw, records: recogniseVaultRecords(raw) }
    } catch (error) {
      if (!(error instanceof AppError) || error.kind === 'rpc' || error.kind === 'cancelled' || error.kind === 'input') throw error
      lastError = error
    }
  }
  throw lastError
}
