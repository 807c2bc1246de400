// chain_check_vs_ideal: checking 20 legs on one RPC whose every answer takes 50 ms, against the ideal.
// Self-contained: an RPC on 127.0.0.1 answers the reads for 20 made-up transfers (each a confirmed leg),
// single calls and JSON-RPC batches alike, each HTTP request after its latency (a batch costs one latency,
// as a node answering a batch of cached reads does: the wire's round trip is the cost being measured).
//
// The ideal is the fewest round trips the reads' dependency chain needs, with the checker's own limits,
// times the latency the RPC served. The reads come in two dependency levels (src/main/chain/checker.ts):
//   1. eth_chainId once per RPC (per checker), eth_blockNumber once per RPC per check, per leg its receipt,
//      and the token's decimals() and symbol() by eth_call once per RPC and token;
//   2. the proofs, which need level 1's answers: eth_getBlockByNumber at each receipt's height (its block
//      hash must be the receipt's) and at the head (the head must be a block the chain returns).
// Each level needs ceil(its calls ÷ (batch size × concurrency)) round trips (here 24 and 21 calls, batches
// of 32, 8 requests in flight: one round trip each, 100 ms in all). A round trip is whole: n requests on c
// slots are ceil(n ÷ c) waves, never n ÷ c. The calls counted are those the RPC saw, so a check that asks
// more than it needs pays for it; the latency is the mean the RPC served per HTTP request (its timers fire
// late on a busy machine), at least the 50 ms asked. Batching is the checker's choice, not the ideal's.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ChainChecker } from '../src/main/chain'
import type { LegClaim } from '../src/shared/chain-check'
import { median } from './lib/stats'
import type { Bench } from './lib/suite'

const LATENCY_MS = 50
const LEGS = 20
const CONCURRENCY = 8
/** the checker's default batch size (src/main/chain/evm-rpc.ts), said here so the ideal names it */
const BATCH_SIZE = 32
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const word = (hex: string): string => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const CONTRACT = `0x${'b'.repeat(40)}`
const TOKEN = `0x${'c'.repeat(40)}`
const sender = (i: number): string => `0x${(i + 1).toString(16).padStart(40, '0')}`
const hashOf = (i: number): string => `0x${(i + 1).toString(16).padStart(64, '0')}`

const blockHash = (n: number): string => word(`0xb${n.toString(16)}`)
const HEAD = 2000

function answer(method: string, params: unknown[]): unknown {
  switch (method) {
    case 'eth_chainId':
      return '0x1'
    case 'eth_blockNumber':
      return `0x${HEAD.toString(16)}`
    case 'eth_getBlockByNumber': {
      const n = Number(BigInt(String(params[0])))
      return { number: `0x${n.toString(16)}`, hash: blockHash(n), timestamp: `0x${(1_700_000_000 + n).toString(16)}` }
    }
    case 'eth_call': {
      const data = (params[0] as { data: string }).data
      // decimals() → 6; symbol() → "T" as an ABI string
      return data === '0x313ce567' ? word('6') : `0x${word('20').slice(2)}${word('1').slice(2)}${'54'.padEnd(64, '0')}`
    }
  }
  const i = Number(BigInt(String(params[0] ?? '0x0'))) - 1
  const common = { hash: hashOf(i), blockNumber: `0x${(1000 + i).toString(16)}`, from: sender(i), to: CONTRACT }
  switch (method) {
    case 'eth_getTransactionByHash':
      return common
    case 'eth_getTransactionReceipt':
      return { ...common, transactionHash: hashOf(i), blockHash: blockHash(1000 + i), status: '0x1', logs: [{ address: TOKEN, topics: [TRANSFER_TOPIC, word(sender(i)), word(CONTRACT)], data: word((1_000_000 + i).toString(16)) }] }
    default:
      return null
  }
}

export const chainCheckBench: Bench = {
  figures: [{ name: 'chain_check_vs_ideal', unit: 'x', budget: { op: '<=', target: 1.2 }, rooms: ['client'] }],
  async run(ctx) {
    let requests = 0
    let calls = 0
    /** calls of the second dependency level: the block proofs */
    let proofs = 0
    // the latency the RPC actually served, summed over its requests: on a busy machine its timers fire late,
    // and that is the node's time, not the checker's (as history_all_vs_ideal counts it)
    let served = 0
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        requests++
        type Call = { id: number; method: string; params: unknown[] }
        const parsed = JSON.parse(body) as Call | Call[]
        const batch = Array.isArray(parsed) ? parsed : [parsed]
        calls += batch.length
        proofs += batch.filter((c) => c.method === 'eth_getBlockByNumber').length
        const replies = batch.map(({ id, method, params }) => ({ jsonrpc: '2.0', id, result: answer(method, params) }))
        const asked = performance.now()
        setTimeout(() => {
          served += performance.now() - asked
          res.end(JSON.stringify(Array.isArray(parsed) ? replies : replies[0]))
        }, LATENCY_MS)
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const claims: LegClaim[] = Array.from({ length: LEGS }, (_, i) => ({
      role: 'Source',
      chainId: 1,
      chainName: 'Bench',
      hash: hashOf(i),
      height: 1000 + i,
      contract: CONTRACT,
      recordContract: CONTRACT,
      sender: sender(i),
      recipient: null,
      token: { address: TOKEN, symbol: 'T' },
      amount: `1.${String(i).padStart(6, '0')}`,
      amountMissing: null,
      serviceRpc: url,
      recordRpc: url
    }))
    try {
      // warm-up: the client's code paths compiled before anything is timed
      await new ChainChecker({ concurrency: CONCURRENCY, batchSize: BATCH_SIZE }).checkLegs(claims)
      const ratios: number[] = []
      let last = { requests: 0, calls: 0, ms: 0 }
      for (let run = 0; run < (ctx.tiny ? 2 : 7); run++) {
        requests = 0
        calls = 0
        proofs = 0
        served = 0
        // a new checker each run: nothing remembered, every leg asked
        const checker = new ChainChecker({ concurrency: CONCURRENCY, batchSize: BATCH_SIZE })
        const t0 = performance.now()
        const checks = await checker.checkLegs(claims)
        const ms = performance.now() - t0
        if (checks.some((c) => c.outcome.kind !== 'confirmed')) throw new Error(`a bench leg was not confirmed: ${JSON.stringify(checks.find((c) => c.outcome.kind !== 'confirmed'))}`)
        const perTrip = BATCH_SIZE * CONCURRENCY
        const ideal = (Math.ceil((calls - proofs) / perTrip) + Math.ceil(proofs / perTrip)) * Math.max(LATENCY_MS, served / requests)
        ratios.push(ms / ideal)
        last = { requests, calls, ms }
        ctx.log(`chain check: ${LEGS} legs, ${calls} calls in ${requests} requests in ${ms.toFixed(0)} ms, served ${(served / requests).toFixed(0)} ms each, ideal ${ideal.toFixed(0)} ms`)
      }
      return {
        chain_check_vs_ideal: {
          value: median(ratios),
          runs: ratios,
          detail: `${LEGS} legs on one RPC answering each HTTP request after ${LATENCY_MS} ms, ${CONCURRENCY} requests in flight, batches of up to ${BATCH_SIZE} calls; ${last.calls} calls (level 1: eth_chainId and eth_blockNumber once, a receipt per leg, the token's decimals() and symbol(); level 2: the block at each receipt's height and at the head) in ${last.requests} requests in ${last.ms.toFixed(0)} ms; ideal = Σ over the two dependency levels of ceil(level's calls ÷ (${BATCH_SIZE} × ${CONCURRENCY})) round trips × the mean latency the RPC served per request (≥ ${LATENCY_MS} ms); value = median of ${ratios.length} runs`
        }
      }
    } finally {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  }
}
