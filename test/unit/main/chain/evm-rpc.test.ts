// The chain check's reads sent as JSON-RPC batches, against RPCs on 127.0.0.1 that answer batches their own
// way: out of order, with one call's error inside, not at all (a node that refuses batches), missing a call,
// answering an id twice or one never asked, or dripping. What must hold: every call gets its own answer or its
// own clear error, never another call's or a second forged one; a batch not answered one reply per call is
// asked again singly once; a refusing node still answers every call singly; the deadline holds for a batch as
// for a single call, and an answer over the size cap fails its calls at once.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { ChainChecker } from '../../../../src/main/chain'
import { EvmRpc } from '../../../../src/main/chain/evm-rpc'
import { TRANSFER_TOPIC } from '../../../../src/main/chain/evaluate'
import type { LegClaim } from '../../../../src/shared/chain-check'

interface Call {
  jsonrpc: string
  id: number
  method: string
  params: unknown[]
}
type Reply = Record<string, unknown>
/** What the fake node does with one HTTP request: `calls` is the batch, or the single call alone. */
type Handler = (calls: Call[], batch: boolean, res: ServerResponse) => void

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise<void>((r) => s.close(() => r()))
  }
})

/** A fake node; `seen` records each HTTP request as a batch or a single call, with its methods. */
async function node(handle: Handler): Promise<{ url: string; seen: { batch: boolean; methods: string[] }[] }> {
  const seen: { batch: boolean; methods: string[] }[] = []
  const server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const parsed = JSON.parse(body) as Call | Call[]
      const calls = Array.isArray(parsed) ? parsed : [parsed]
      seen.push({ batch: Array.isArray(parsed), methods: calls.map((c) => c.method) })
      handle(calls, Array.isArray(parsed), res)
    })
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

const word = (hex: string): string => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const hashOf = (i: number): string => `0x${(i + 1).toString(16).padStart(64, '0')}`
const CONTRACT = `0x${'b'.repeat(40)}`
const TOKEN = `0x${'c'.repeat(40)}`
const SENDER = `0x${'a'.repeat(40)}`

/** What a chain holds of transaction i: mined in block 100 + i, sent but not mined, or unknown. */
type TxState = 'mined' | 'reverted' | 'pending' | 'unknown'

const blockHash = (n: number): string => word(`0xb10c${n.toString(16)}`)

function result(call: Call, state: (hash: string) => TxState): unknown {
  if (call.method === 'eth_chainId') return '0x1'
  if (call.method === 'eth_blockNumber') return '0x200'
  if (call.method === 'eth_getBlockByNumber') {
    const n = Number(BigInt(String(call.params[0])))
    return n > 0x200 ? null : { number: `0x${n.toString(16)}`, hash: blockHash(n), timestamp: `0x${(1_700_000_000 + n).toString(16)}` }
  }
  // decimals() → 0, symbol() → "T"
  if (call.method === 'eth_call') return (call.params[0] as { data: string }).data === '0x313ce567' ? word('0') : `0x${'20'.padStart(64, '0')}${'1'.padStart(64, '0')}${'54'.padEnd(64, '0')}`
  const hash = String(call.params[0] ?? '')
  const i = Number(BigInt(hash)) - 1
  const s = state(hash)
  const tx = { hash, blockNumber: s === 'pending' ? null : `0x${(100 + i).toString(16)}`, from: SENDER, to: CONTRACT }
  if (call.method === 'eth_getTransactionByHash') return s === 'unknown' ? null : tx
  if (s !== 'mined' && s !== 'reverted') return null
  return {
    ...tx,
    transactionHash: hash,
    blockHash: blockHash(100 + i),
    status: s === 'mined' ? '0x1' : '0x0',
    logs: [{ address: TOKEN, topics: [TRANSFER_TOPIC, word(SENDER), word(CONTRACT)], data: word((1000 + i).toString(16)) }]
  }
}
const replyTo = (call: Call, state: (hash: string) => TxState = () => 'mined'): Reply => ({ jsonrpc: '2.0', id: call.id, result: result(call, state) })
const send = (res: ServerResponse, body: unknown, status = 200): void => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** A node that answers batches and single calls alike, each batch in `order`. */
const answering = (order: (replies: Reply[]) => Reply[] = (r) => r, state?: (hash: string) => TxState): Handler => (calls, batch, res) => {
  const replies = calls.map((c) => replyTo(c, state))
  send(res, batch ? order(replies) : replies[0])
}

/** Every read of `n` legs asked in one turn, as a check asks them. */
function readAll(rpc: EvmRpc, n: number): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled([rpc.chainId(), rpc.blockNumber(), ...Array.from({ length: n }, (_, i) => rpc.receipt(hashOf(i)))])
}

describe('reads sent as JSON-RPC batches', () => {
  it('answers out of order reach the call they answer', async () => {
    const rpc = await node(answering((r) => [...r].reverse()))
    const reads = await readAll(new EvmRpc(rpc.url, { retries: 0 }), 5)
    expect(rpc.seen).toEqual([{ batch: true, methods: ['eth_chainId', 'eth_blockNumber', ...Array<string>(5).fill('eth_getTransactionReceipt')] }])
    const values = reads.map((r) => (r.status === 'fulfilled' ? r.value : r.reason))
    expect(values.slice(0, 2)).toEqual([1, 0x200])
    expect(values.slice(2).map((v) => (v as { blockNumber: number }).blockNumber)).toEqual([100, 101, 102, 103, 104])
  })

  it('an error for one call inside a batch fails that call alone, with the node’s words', async () => {
    const rpc = await node((calls, _batch, res) =>
      send(res, calls.map((c, i) => (i === 3 ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'header not found' } } : replyTo(c))))
    )
    const reads = await readAll(new EvmRpc(rpc.url, { retries: 0 }), 4)
    expect(reads.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    expect((reads[3] as PromiseRejectedResult).reason).toMatchObject({ kind: 'rpc', code: -32000, message: expect.stringContaining('header not found') })
  })

  it('a call’s answer is still held to its schema inside a batch', async () => {
    const rpc = await node((calls, _batch, res) => send(res, calls.map((c) => (c.method === 'eth_blockNumber' ? { jsonrpc: '2.0', id: c.id, result: 'soon' } : replyTo(c)))))
    const reads = await readAll(new EvmRpc(rpc.url, { retries: 0 }), 2)
    expect(reads.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    expect((reads[1] as PromiseRejectedResult).reason).toMatchObject({ kind: 'decode', message: expect.stringContaining('eth_blockNumber') })
  })

  const refusals: [string, Handler][] = [
    ['one error object for the whole batch', (calls, batch, res) => (batch ? send(res, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch requests are not supported' } }) : send(res, replyTo(calls[0]!)))],
    ['HTTP 400', (calls, batch, res) => (batch ? send(res, { message: 'no batches' }, 400) : send(res, replyTo(calls[0]!)))],
    ['an HTML 413 page', (calls, batch, res) => {
      if (!batch) return send(res, replyTo(calls[0]!))
      res.writeHead(413, { 'content-type': 'text/html' })
      res.end('<html>Payload Too Large</html>')
    }],
    ['an array answering none of the calls', (calls, batch, res) => (batch ? send(res, [{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'too many' } }]) : send(res, replyTo(calls[0]!)))]
  ]
  for (const [how, handler] of refusals) {
    it(`a node that refuses batches (${how}) still answers every call, singly, and is asked singly from then on`, async () => {
      const rpc = await node(handler)
      const evm = new EvmRpc(rpc.url, { retries: 0 })
      const reads = await readAll(evm, 3)
      expect(reads.map((r) => r.status)).toEqual(Array<string>(5).fill('fulfilled'))
      expect(reads.map((r) => (r as PromiseFulfilledResult<unknown>).value)).toMatchObject([1, 0x200, { blockNumber: 100 }, { blockNumber: 101 }, { blockNumber: 102 }])
      expect(rpc.seen[0]?.batch).toBe(true)
      expect(rpc.seen.slice(1).map((s) => s.batch)).toEqual(Array<boolean>(5).fill(false))
      expect(evm.batching).toBe(false)
      const later = await readAll(evm, 2)
      expect(later.every((r) => r.status === 'fulfilled')).toBe(true)
      expect(rpc.seen.filter((s) => s.batch)).toHaveLength(1)
    })
  }

  it('a batch reply missing a call is the node failing the batch: every call asked again singly, once', async () => {
    const rpc = await node((calls, batch, res) => send(res, batch ? calls.filter((c) => c.method !== 'eth_blockNumber').map((c) => replyTo(c)) : replyTo(calls[0]!)))
    const evm = new EvmRpc(rpc.url, { retries: 0 })
    const reads = await readAll(evm, 2)
    expect(reads.map((r) => r.status)).toEqual(Array<string>(4).fill('fulfilled'))
    expect(rpc.seen.map((s) => s.batch)).toEqual([true, false, false, false, false])
    // a node that drops calls from batches is asked singly from then on
    expect(evm.batching).toBe(false)
    expect(await evm.blockNumber()).toBe(0x200)
  })

  const forgedReceipt = (c: Call): Reply => ({ jsonrpc: '2.0', id: c.id, result: { ...(result(c, () => 'mined') as object), status: '0x0' } })
  const faults: [string, (calls: Call[]) => Reply[]][] = [
    ['a second, forged reply to the same id after the real one', (calls) => calls.flatMap((c) => (c.method === 'eth_getTransactionReceipt' ? [replyTo(c), forgedReceipt(c)] : [replyTo(c)]))],
    ['a forged reply to the same id before the real one', (calls) => calls.flatMap((c) => (c.method === 'eth_getTransactionReceipt' ? [forgedReceipt(c), replyTo(c)] : [replyTo(c)]))],
    ['a reply to an id never asked', (calls) => [...calls.map((c) => replyTo(c)), { jsonrpc: '2.0', id: 999_999, result: '0x1' }]]
  ]
  for (const [how, forge] of faults) {
    it(`a batch answered with ${how} is never believed: each call is asked alone, and a lie alone again fails the call`, async () => {
      let singlesLie = false
      const rpc = await node((calls, batch, res) => {
        if (batch) return send(res, forge(calls))
        const c = calls[0]!
        send(res, singlesLie && c.method === 'eth_getTransactionReceipt' ? { jsonrpc: '2.0', id: c.id + 1, result: null } : replyTo(c))
      })
      const evm = new EvmRpc(rpc.url, { retries: 0 })
      const reads = await readAll(evm, 2)
      expect(reads.map((r) => r.status)).toEqual(Array<string>(4).fill('fulfilled'))
      // the real receipts, not the forged ones
      expect(reads.slice(2).map((r) => (r as PromiseFulfilledResult<{ status: string }>).value.status)).toEqual(['0x1', '0x1'])
      expect(rpc.seen.map((s) => s.batch)).toEqual([true, false, false, false, false])
      singlesLie = true
      const again = await readAll(evm, 2)
      expect(again.slice(2)).toMatchObject([
        { status: 'rejected', reason: { kind: 'protocol', message: expect.stringMatching(/not one reply per call.*asked alone, the node answered id \d+ to request id \d+/) } },
        { status: 'rejected' }
      ])
    })
  }

  it('a batch whose body drips meets the deadline: every call in it fails naming the timeout', async () => {
    const rpc = await node((_calls, _batch, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => res.write(' '), 100)
      res.on('close', () => clearInterval(timer))
    })
    const reads = await readAll(new EvmRpc(rpc.url, { retries: 0, timeoutMs: 600 }), 3)
    expect(rpc.seen).toHaveLength(1)
    for (const r of reads) expect(r).toMatchObject({ status: 'rejected', reason: { kind: 'timeout', message: expect.stringMatching(/no complete answer within 0.6 s/) } })
  })

  it('a batch answer over the size cap fails its calls at once, naming the cap: nothing is asked again', async () => {
    const rpc = await node(answering())
    const evm = new EvmRpc(rpc.url, { retries: 0, maxBytes: 1024 })
    const reads = await readAll(evm, 6)
    for (const r of reads) expect(r).toMatchObject({ status: 'rejected', reason: { kind: 'protocol', message: expect.stringContaining('response larger than') } })
    expect(rpc.seen.map((s) => s.batch)).toEqual([true])
    // an answer too large is no refusal of batches
    expect(evm.batching).toBe(true)

    // a receipt over the cap on its own fails naming the cap; the small answers still arrive
    const small = await readAll(new EvmRpc(rpc.url, { retries: 0, maxBytes: 200, batchSize: 1 }), 2)
    expect(small.slice(0, 2)).toEqual([{ status: 'fulfilled', value: 1 }, { status: 'fulfilled', value: 0x200 }])
    for (const r of small.slice(2)) expect(r).toMatchObject({ status: 'rejected', reason: { kind: 'protocol', message: expect.stringContaining('response larger than') } })
  })

  it('a node that stumbles on a batch (503) is asked the same batch again', async () => {
    let failures = 1
    const rpc = await node((calls, batch, res) => {
      if (failures-- > 0) return send(res, { message: 'busy' }, 503)
      answering()(calls, batch, res)
    })
    const reads = await readAll(new EvmRpc(rpc.url, { retries: 1, retryDelayMs: () => 1 }), 2)
    expect(reads.every((r) => r.status === 'fulfilled')).toBe(true)
    expect(rpc.seen.map((s) => s.batch)).toEqual([true, true])
  })

  it('batches hold at most batchSize calls', async () => {
    const rpc = await node(answering())
    const reads = await readAll(new EvmRpc(rpc.url, { retries: 0, batchSize: 4 }), 9)
    expect(reads.every((r) => r.status === 'fulfilled')).toBe(true)
    expect(rpc.seen.map((s) => s.methods.length)).toEqual([4, 4, 3])
  })
})

describe('batched and unbatched checks', () => {
  it('give every leg the same outcome, whatever the chain holds and the order the node answers in', async () => {
    const states: TxState[] = ['mined', 'reverted', 'pending', 'unknown']
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ tx: fc.nat({ max: 30 }), state: fc.constantFrom(...states), amountOff: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (legs, reverse) => {
          const byHash = new Map(legs.map((l) => [hashOf(l.tx), l.state]))
          const rpc = await node(answering((r) => (reverse ? [...r].reverse() : r), (h) => byHash.get(h) ?? 'unknown'))
          const claims: LegClaim[] = legs.map((l) => ({
            role: 'Source',
            chainId: 1,
            chainName: 'Fake',
            hash: hashOf(l.tx),
            height: 100 + l.tx,
            contract: CONTRACT,
            recordContract: null,
            sender: SENDER,
            recipient: null,
            token: { address: TOKEN, symbol: 'T' },
            amount: String(1000 + l.tx + (l.amountOff ? 1 : 0)),
            amountMissing: null,
            serviceRpc: rpc.url,
            recordRpc: null
          }))
          const batched = await new ChainChecker({ retries: 0 }).checkLegs(claims)
          const single = await new ChainChecker({ retries: 0, batchSize: 1 }).checkLegs(claims)
          expect(batched.map((c) => c.outcome)).toEqual(single.map((c) => c.outcome))
          expect(batched.every((c) => c.outcome.kind !== 'cannot-check')).toBe(true)
        }
      ),
      { numRuns: 25 }
    )
  })
})
