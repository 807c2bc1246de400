// The peer tables' side of the bench: the same transfers our table loads, fetched from the same simulator and
// served as columns to the peer pages (built by scripts/bench.js from bench/peers/ into out/bench-peers/, a
// bench-only output), and the pages themselves, all from one loopback server in this process.
import { join } from 'node:path'
import { startPageServer } from './page-server'
import { historyText, type Heavy } from './sim-body'

interface WireRecord {
  timestamp: string
  fromChainid: number | string
  toChainid: number | string
  amount: string | number
  state: number
  hash: string
  transferinHash: string | null
  from: string
  to: string
  fromChainObject: { chainName?: string } | null
  toChainObject: { chainName?: string } | null
  tokenObject: { symbol?: string } | null
}

/** Interns repeated texts (chains, symbols, addresses) as indexes into one list. */
class Interned {
  readonly list: string[] = []
  private readonly index = new Map<string, number>()
  of(text: string): number {
    let i = this.index.get(text)
    if (i === undefined) {
      i = this.list.length
      this.list.push(text)
      this.index.set(text, i)
    }
    return i
  }
}

/**
 * The heavy address's whole history, pages of 1,000 in the service's order (the order our table shows when
 * loaded), as the JSON the peer pages read. The amount is its wire text: no peer formats it.
 */
export async function peerRowsJson(baseUrl: string, heavy: Heavy, log: (m: string) => void): Promise<Buffer> {
  const chains = new Interned()
  const symbols = new Interned()
  const addresses = new Interned()
  const c = {
    time: [] as string[],
    fromChain: [] as number[],
    toChain: [] as number[],
    token: [] as number[],
    amount: [] as string[],
    state: [] as number[],
    hash: [] as string[],
    transferinHash: [] as string[],
    from: [] as number[],
    to: [] as number[]
  }
  const pageSize = 1000
  const pages = Math.ceil(heavy.count / pageSize)
  const t0 = performance.now()
  for (let pageNo = 1; pageNo <= pages; pageNo++) {
    const text = await historyText(baseUrl, { address: heavy.address, chainId: heavy.chainId, pageNo, pageSize })
    const list = (JSON.parse(text) as { data: { list: WireRecord[] } }).data.list
    for (const r of list) {
      c.time.push(r.timestamp)
      c.fromChain.push(chains.of(r.fromChainObject?.chainName ?? String(r.fromChainid)))
      c.toChain.push(chains.of(r.toChainObject?.chainName ?? String(r.toChainid)))
      c.token.push(symbols.of(r.tokenObject?.symbol ?? ''))
      c.amount.push(String(r.amount))
      c.state.push(r.state)
      c.hash.push(r.hash)
      c.transferinHash.push(r.transferinHash ?? '')
      c.from.push(addresses.of(r.from))
      c.to.push(addresses.of(r.to))
    }
  }
  log(`peers: ${c.hash.length} rows fetched in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  // written column by column: one string of a million rows' JSON would come near V8's string length limit
  const parts: Buffer[] = [Buffer.from(`{"n":${c.hash.length},"chains":${JSON.stringify(chains.list)},"symbols":${JSON.stringify(symbols.list)},"addresses":${JSON.stringify(addresses.list)}`)]
  for (const [k, v] of Object.entries(c)) parts.push(Buffer.from(`,${JSON.stringify(k)}:${JSON.stringify(v)}`))
  parts.push(Buffer.from('}'))
  return Buffer.concat(parts)
}

export interface PeerServer {
  url(page: 'aggrid' | 'tanstack'): string
  close(): Promise<void>
}

/** Serves out/bench-peers/ and the rows at /rows.json on the loopback. */
export async function startPeerServer(root: string, rowsJson: Buffer): Promise<PeerServer> {
  const server = await startPageServer(join(root, 'out', 'bench-peers'), () => rowsJson)
  return { url: (page) => `${server.origin}/${page}.html`, close: () => server.close() }
}
