// chain_check_vs_ideal: checking 20 legs on one RPC whose every answer takes 50 ms, against the ideal
// (requests ÷ concurrency × latency, the checker's 8 requests in flight per RPC). Self-contained: an RPC on
// 127.0.0.1 answers the four reads for 20 made-up transfers (each a confirmed leg), after its latency.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ChainChecker } from '../src/main/chain'
import type { LegClaim } from '../src/shared/chain-check'
import { median } from './lib/stats'
import type { Bench } from './lib/suite'

const LATENCY_MS = 50
const LEGS = 20
const CONCURRENCY = 8
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const word = (hex: string): string => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const CONTRACT = `0x${'b'.repeat(40)}`
const TOKEN = `0x${'c'.repeat(40)}`
const sender = (i: number): string => `0x${(i + 1).toString(16).padStart(40, '0')}`
const hashOf = (i: number): string => `0x${(i + 1).toString(16).padStart(64, '0')}`

function answer(method: string, params: string[]): unknown {
  const i = Number(BigInt(params[0] ?? '0x0')) - 1
  const common = { hash: hashOf(i), blockNumber: `0x${(1000 + i).toString(16)}`, from: sender(i), to: CONTRACT }
  switch (method) {
    case 'eth_chainId':
      return '0x1'
    case 'eth_blockNumber':
      return '0x7d0'
    case 'eth_getTransactionByHash':
      return common
    case 'eth_getTransactionReceipt':
      return { ...common, blockHash: word('0xaa'), status: '0x1', logs: [{ address: TOKEN, topics: [TRANSFER_TOPIC, word(sender(i)), word(CONTRACT)], data: word((1_000_000 + i).toString(16)) }] }
    default:
      return null
  }
}

export const chainCheckBench: Bench = {
  figures: [{ name: 'chain_check_vs_ideal', unit: 'x', budget: { op: '<=', target: 1.2 }, rooms: ['client'] }],
  async run(ctx) {
    let requests = 0
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        requests++
        const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: string[] }
        setTimeout(() => res.end(JSON.stringify({ jsonrpc: '2.0', id, result: answer(method, params) })), LATENCY_MS)
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
      sender: sender(i),
      recipient: null,
      token: { address: TOKEN, decimals: 6, symbol: 'T' },
      amount: `${1_000_000 + i}.000000`,
      serviceRpc: url
    }))
    try {
      // warm-up: the client's code paths compiled before anything is timed
      await new ChainChecker({ concurrency: CONCURRENCY }).checkLegs(claims)
      const ratios: number[] = []
      let last = { requests: 0, ms: 0 }
      for (let run = 0; run < (ctx.tiny ? 2 : 7); run++) {
        requests = 0
        // a new checker each run: nothing remembered, every leg asked
        const checker = new ChainChecker({ concurrency: CONCURRENCY })
        const t0 = performance.now()
        const checks = await checker.checkLegs(claims)
        const ms = performance.now() - t0
        if (checks.some((c) => c.outcome.kind !== 'confirmed')) throw new Error(`a bench leg was not confirmed: ${JSON.stringify(checks.find((c) => c.outcome.kind !== 'confirmed'))}`)
        const ideal = (requests / CONCURRENCY) * LATENCY_MS
        ratios.push(ms / ideal)
        last = { requests, ms }
        ctx.log(`chain check: ${LEGS} legs, ${requests} requests in ${ms.toFixed(0)} ms, ideal ${ideal.toFixed(0)} ms`)
      }
      return {
        chain_check_vs_ideal: {
          value: median(ratios),
          runs: ratios,
          detail: `${LEGS} legs on one RPC answering after ${LATENCY_MS} ms, ${CONCURRENCY} requests in flight; ${last.requests} requests (eth_chainId and eth_blockNumber once, a transaction and a receipt per leg) in ${last.ms.toFixed(0)} ms; ideal = requests ÷ ${CONCURRENCY} × ${LATENCY_MS} ms; value = median of ${ratios.length} runs`
        }
      }
    } finally {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  }
}
