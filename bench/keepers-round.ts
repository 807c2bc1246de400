// keepers_round_vs_ideal: one round of the watch's maintainers check (src/main/keepers, readKeepers as a watch
// round asks it: each node's two status paths) over 21 maintainers, against the ideal. Self-contained on 127.0.0.1: a relay node answering the Maintainers and
// TSSManager reads (encoded by viem from the published ABIs), single calls and JSON-RPC batches alike, and 21
// compass-tss health servers (one per maintainer, each its own port as its registered p2p address says), every
// HTTP answer after 50 ms.
//
// The figure is a first round's (a `vault maintainers`, a watch's first): no guess from an earlier round, each run
// at a relay URL not asked before. A watch's later rounds ask the relay once with last round's answers as the guess
// (src/main/keepers/maintainers.ts); their time and requests are logged beside it, not judged against this ideal.
//
// The ideal is the fewest round trips the reads' dependencies allow: on the relay, three levels (the epoch;
// then its info and the TSS status, which need the epoch; then the maintainers' records and slash points,
// which need the info's list), one batch each; then every health server at once, its two status paths together
// (one round trip: nothing a node says decides what else to ask it). Each round trip costs the mean latency its
// server served per request (at least the 50 ms asked; timers fire late on a busy machine).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeFunctionData, encodeFunctionResult, type Abi } from 'viem'
import { MAINTAINER_ABI, TSS_MANAGER_ABI } from '../src/shared/keepers-abi'
import { readKeepers, readNodeHealth } from '../src/main/keepers'
import { median } from './lib/stats'
import type { Bench } from './lib/suite'

const LATENCY_MS = 50
const MAINTAINERS = 21
const RELAY_LEVELS = 3
const HEALTH_LEVELS = 1
const MAINTAINERS_AT = `0x${'a1'.repeat(20)}`
const TSS_AT = `0x${'a2'.repeat(20)}`
const member = (i: number): `0x${string}` => `0x${(i + 1).toString(16).padStart(40, '0')}`

/** Answers after the latency; sums what it served. */
function slowServer(answer: (path: string, body: string) => string): { server: Server; served: () => { requests: number; ms: number }; reset(): void } {
  let requests = 0
  let ms = 0
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const asked = performance.now()
      const text = answer(req.url ?? '/', body)
      setTimeout(() => {
        requests++
        ms += performance.now() - asked
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text)
      }, LATENCY_MS)
    })
  })
  return { server, served: () => ({ requests, ms }), reset: () => ((requests = 0), (ms = 0)) }
}

function relayAnswer(ports: readonly number[]): (path: string, body: string) => string {
  const members = Array.from({ length: MAINTAINERS }, (_, i) => member(i))
  const result = (name: string, args: readonly unknown[]): unknown => {
    if (name === 'currentEpoch') return 9n
    if (name === 'getEpochInfo') return { electedBlock: 1n, startBlock: 2n, endBlock: 0n, migratedBlock: 3n, maintainers: members }
    if (name === 'getTSSStatus') return 3
    if (name === 'batchGetSlashPoint') return (args[1] as string[]).map(() => 1n)
    if (name === 'getMaintainerInfos')
      return (args[0] as string[]).map((m, i) => ({ status: 4, account: m, lastHeartbeatTime: 1_800_000_000n, lastActiveEpoch: 9n, secp256Pubkey: '0x', ed25519Pubkey: '0x', p2pAddress: `127.0.0.1:${ports[i] ?? 0}` }))
    throw new Error(`the bench's relay does not answer ${name}`)
  }
  return (_path, body) => {
    type Call = { id: number; params: [{ to: string; data: `0x${string}` }] }
    const parsed = JSON.parse(body) as Call | Call[]
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    const replies = calls.map(({ id, params }) => {
      const abi: Abi = params[0].to.toLowerCase() === MAINTAINERS_AT ? MAINTAINER_ABI : TSS_MANAGER_ABI
      const call = decodeFunctionData({ abi, data: params[0].data })
      const data = encodeFunctionResult({ abi, functionName: call.functionName, result: result(call.functionName, call.args ?? []) } as Parameters<typeof encodeFunctionResult>[0])
      return { jsonrpc: '2.0', id, result: data }
    })
    return JSON.stringify(Array.isArray(parsed) ? replies : replies[0])
  }
}

function healthAnswer(path: string): string {
  if (path === '/status/p2p') return JSON.stringify({ relay_height: 100, peers: [], peer_count: 20, errors: null })
  if (path === '/status/scanner') return JSON.stringify({ Bsc: { chain: 'Bsc', chain_height: 100, block_scanner_height: 99, scanner_height_diff: 1 } })
  return path === '/p2pid' ? '16Uiu2HAmBench' : ''
}

const listen = (s: Server): Promise<number> => new Promise((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)))

export const keepersRoundBench: Bench = {
  figures: [{ name: 'keepers_round_vs_ideal', unit: 'x', budget: { op: '<=', target: 1.2 }, rooms: ['client', 'watch'] }],
  async run(ctx) {
    const nodes = Array.from({ length: MAINTAINERS }, () => slowServer((path) => healthAnswer(path)))
    const ports = await Promise.all(nodes.map((n) => listen(n.server)))
    const relay = slowServer(relayAnswer(ports))
    const url = `http://127.0.0.1:${await listen(relay.server)}`
    let first = 0
    // a relay URL never asked before: a first round, with no guess (the relay answers every path alike)
    const read = (steady = false) =>
      readKeepers({ relayRpc: steady ? url : `${url}/?first=${++first}`, contracts: { maintainers: MAINTAINERS_AT, tssManager: TSS_AT, viewController: TSS_AT }, healthPort: 6040, http: { retries: 0 }, lean: true })
    try {
      // warm-up: code paths compiled and connections opened before anything is timed
      await read()
      const ratios: number[] = []
      let last = { ms: 0, relayRequests: 0, healthRequests: 0 }
      await read(true)
      for (let run = 0; run < (ctx.tiny ? 2 : 7); run++) {
        relay.reset()
        for (const n of nodes) n.reset()
        const t0 = performance.now()
        const report = await read()
        const ms = performance.now() - t0
        if (report.maintainers.length !== MAINTAINERS || report.maintainers.some((m) => !m.node?.reachable)) throw new Error('a bench maintainer was not read whole')
        const r = relay.served()
        const h = nodes.map((n) => n.served()).reduce((a, b) => ({ requests: a.requests + b.requests, ms: a.ms + b.ms }))
        const ideal = RELAY_LEVELS * Math.max(LATENCY_MS, r.ms / r.requests) + HEALTH_LEVELS * Math.max(LATENCY_MS, h.ms / h.requests)
        ratios.push(ms / ideal)
        last = { ms, relayRequests: r.requests, healthRequests: h.requests }
        // where the time goes: the relay's three rounds alone, every node's health alone, and the same 42 GETs
        // by Node's bare fetch (the floor any client on this machine meets)
        const r0 = performance.now()
        await readKeepers({ relayRpc: `${url}/?first=${++first}`, contracts: { maintainers: MAINTAINERS_AT, tssManager: TSS_AT, viewController: TSS_AT }, healthPort: null, http: { retries: 0 } })
        const r1 = performance.now()
        const c1 = process.cpuUsage()
        await Promise.all(ports.map((p) => readNodeHealth(`127.0.0.1:${p}`, 6040, { retries: 0 }, true)))
        const c2 = process.cpuUsage(c1)
        const r2 = performance.now()
        const c3 = process.cpuUsage()
        await Promise.all(ports.flatMap((p) => ['/status/p2p', '/status/scanner'].map((q) => fetch(`http://127.0.0.1:${p}${q}`).then((x) => x.text()))))
        const c4 = process.cpuUsage(c3)
        const r3 = performance.now()
        ctx.log(`  parts: relay alone ${(r1 - r0).toFixed(0)} ms; health alone ${(r2 - r1).toFixed(0)} ms (${((c2.user + c2.system) / 1000).toFixed(0)} ms CPU); bare fetch of the same ${MAINTAINERS * 2} GETs ${(r3 - r2).toFixed(0)} ms (${((c4.user + c4.system) / 1000).toFixed(0)} ms CPU)`)
        relay.reset()
        const s0 = performance.now()
        await read(true)
        const steadyMs = performance.now() - s0
        ctx.log(`keepers round: ${MAINTAINERS} maintainers in ${ms.toFixed(0)} ms (${r.requests} relay requests, ${h.requests} health requests), ideal ${ideal.toFixed(0)} ms; a watch's later round ${steadyMs.toFixed(0)} ms (${relay.served().requests} relay request)`)
      }
      return {
        keepers_round_vs_ideal: {
          value: median(ratios),
          runs: ratios,
          detail: `a first round of readKeepers over ${MAINTAINERS} maintainers, the relay node and each health server answering every HTTP request after ${LATENCY_MS} ms; last run ${last.ms.toFixed(0)} ms with ${last.relayRequests} relay requests and ${last.healthRequests} health requests; ideal = ${RELAY_LEVELS} relay round trips (epoch; info + TSS status; records + slash points, one batch each) + ${HEALTH_LEVELS} health round trip (all nodes, both status paths at once), each at the mean latency served (≥ ${LATENCY_MS} ms); value = median of ${ratios.length} runs`
        }
      }
    } finally {
      for (const s of [relay, ...nodes]) {
        s.server.closeAllConnections()
        s.server.close()
      }
    }
  }
}
