// JSON-RPC 2.0 tss_getVault: the TSS vault record, latest or by epoch. The result's shape is not published,
// so it is kept whole (big numbers as their exact text, via the lossless parser) and the documented MAP
// Protocol shape is only recognised, never required.
import { AppError } from '@shared/errors'
import { recogniseVaultRecords, type JsonValue, type VaultResult } from '@shared/schemas/vault'
import { postJson, type HttpOptions } from './http'
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

/** One JSON-RPC call; the answer's `result`, or AppError rpc (error object) / protocol (malformed, id mismatch). */
export async function rpcCall(url: string, method: string, params: JsonValue[], opts: HttpOptions = {}): Promise<JsonValue> {
  const id = nextId++
  const body = await postJson(url, method, { jsonrpc: '2.0', method, params, id }, opts)
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
