// Contract reads by eth_call, encoded and decoded by viem from the published ABI files (./abi), never by
// hand. The reads of one round go to the node as one JSON-RPC batch (../client/rpc.ts); a node that refuses
// batches, or an answer over the size cap, is asked call by call. Each read settles on its own: one failed
// call is that call's news.
import { decodeFunctionResult, encodeFunctionData, type Abi } from 'viem'
import { AppError } from '@shared/errors'
import { AnswerMemo, remember, rpcBatch, rpcCall, type HttpOptions } from '../client'
import type { JsonValue } from '@shared/schemas/vault'

export interface ContractRead {
  abi: Abi
  address: string
  functionName: string
  args?: readonly unknown[]
}

/** One read's answer, decoded, or the error it alone met. */
export type ReadResult = { ok: true; value: unknown } | { ok: false; error: AppError }

/** A block: 'latest', 'finalized', or a number. */
export type BlockTag = 'latest' | 'finalized' | bigint

export function blockParam(block: BlockTag): string {
  return typeof block === 'bigint' ? `0x${block.toString(16)}` : block
}

/**
 * A watch asks the same contracts the same questions every round, and most answers do not change between
 * rounds (an epoch's record, its slash points, the vault's keys): each ABI's call data and the last answer's
 * decoding are kept, so a round encodes and decodes only what is new. viem decodes a 21-maintainer record list
 * in ~2 ms and ~350 KB; an unchanged answer costs a string comparison (AnswerMemo, which freezes what it keeps:
 * decoded answers are shared between rounds). Bounded per ABI: new arguments (an epoch's, another profile's) start
 * it again.
 */
interface AbiMemo {
  callData: Map<string, string>
  decoded: AnswerMemo<ReadResult>
}
const memos = new WeakMap<Abi, AbiMemo>()

function memoOf(abi: Abi): AbiMemo {
  let memo = memos.get(abi)
  if (!memo) memos.set(abi, (memo = { callData: new Map(), decoded: new AnswerMemo() }))
  return memo
}

/** A read's function and arguments as text (bigints marked), what its call data is a function of. */
function callKey(read: ContractRead): string {
  return `${read.functionName}|${JSON.stringify(read.args ?? [], (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`
}

function decoded(read: ContractRead, result: JsonValue): ReadResult {
  if (typeof result !== 'string') return decodedNow(read, result)
  return memoOf(read.abi).decoded.decoded(`${read.address.toLowerCase()}|${callKey(read)}`, result, (data) => decodedNow(read, data))
}

function decodedNow(read: ContractRead, result: JsonValue): ReadResult {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result)) {
    return {
      ok: false,
      error: new AppError({
        kind: 'decode',
        operation: read.functionName,
        message: `eth_call ${read.functionName} answered no hex data`
      })
    }
  }
  if (result === '0x') {
    // what a node answers for an address with no code, or a function it does not have
    return {
      ok: false,
      error: new AppError({
        kind: 'decode',
        operation: read.functionName,
        message: `${read.address} answered nothing to ${read.functionName} (no contract there, or not this one)`
      })
    }
  }
  try {
    return {
      ok: true,
      value: decodeFunctionResult({
        abi: read.abi,
        functionName: read.functionName,
        data: result as `0x${string}`
      })
    }
  } catch (error) {
    const why = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    return {
      ok: false,
      error: new AppError({
        kind: 'decode',
        operation: read.functionName,
        message: `${read.functionName}'s answer does not decode by its ABI: ${why}`
      })
    }
  }
}

function callParams(read: ContractRead, block: BlockTag): JsonValue[] {
  const memo = memoOf(read.abi).callData
  const key = callKey(read)
  const data = memo.get(key) ?? remember(memo, key, encodeFunctionData({ abi: read.abi, functionName: read.functionName, args: read.args ?? [] }))
  return [{ to: read.address, data }, blockParam(block)]
}

function failed(error: unknown): ReadResult {
  return {
    ok: false,
    error: error instanceof AppError ? error : new AppError({ kind: 'internal', message: String(error) })
  }
}

/** A JSON-RPC method with its params, answered raw (eth_getBalance, eth_getBlockByNumber). */
export interface RawCall {
  method: string
  params: JsonValue[]
}

export type Settled = { ok: true; result: JsonValue } | { ok: false; error: AppError }

/** Several JSON-RPC calls in one batch when the node takes it, else one by one; each settles on its own. */
export async function settleAll(
  url: string,
  calls: readonly RawCall[],
  http: HttpOptions
): Promise<Settled[]> {
  if (calls.length === 0) return []
  const singly = (): Promise<Settled[]> =>
    Promise.all(
      calls.map((c) =>
        rpcCall(url, c.method, c.params, http).then(
          (result): Settled => ({ ok: true, result }),
          (e: unknown) => failed(e) as Settled
        )
      )
    )
  if (calls.length === 1) return singly()
  const reply = await rpcBatch(url, calls, http)
  if (reply.kind !== 'answered') return singly()
  return reply.answers.map((a): Settled =>
    a.ok ? { ok: true, result: a.result } : { ok: false, error: a.error }
  )
}

/** Reads several contracts' views at one block in one round trip where the node allows. */
export async function readContracts(
  url: string,
  reads: readonly ContractRead[],
  block: BlockTag,
  http: HttpOptions
): Promise<ReadResult[]> {
  let calls: RawCall[]
  try {
    calls = reads.map((r) => ({ method: 'eth_call', params: callParams(r, block) }))
  } catch (error) {
    throw new AppError({
      kind: 'input',
      message: `a contract read could not be encoded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
    })
  }
  const settled = await settleAll(url, calls, http)
  return settled.map((s, i) => (s.ok ? decoded(reads[i] as ContractRead, s.result) : s))
}
