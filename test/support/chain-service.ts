// A query service on 127.0.0.1 that answers queryBridgeInfo, queryTokenList and queryChainList with records
// pointing at real transactions on test chains (./anvil.ts): honest ones, and ones bent where a test wants the
// service to be wrong (a record about another transfer, a chain list naming another RPC or none). Amounts go on the wire as JSON numbers with six fractional digits, as the real service sends.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startTestChain, type Hex, type TestChain } from './anvil'

export interface LegFacts {
  chain: TestChain
  hash: string
  height: number
  /** the bridge contract the service names (the chain's bridge unless bent) */
  contract?: string
}

export interface TransferFacts {
  source: LegFacts
  destination: LegFacts | null
  sender: Hex
  recipient: Hex
  /** smallest units */
  sending: bigint
  receiving: bigint
  relayer?: { chainId: number; hash: string; height: number; rpc: string }
}

function chainDetail(chain: TestChain, contract: string | undefined, name: string): string {
  return JSON.stringify({
    chain: name.toLowerCase(),
    chainId: chain.chainId,
    chainImg: '',
    chainName: name,
    contract: contract ?? chain.bridge,
    gasLimit: '0',
    id: chain.chainId,
    rpc: chain.url,
    scanUrl: ''
  })
}

/** queryBridgeInfo's data for these facts, amounts as six-fractional-digit numbers (written below). */
export function wireDetail(f: TransferFacts): Record<string, unknown> {
  const dest = f.destination
  const six = (v: bigint): string => `${v}.000000`
  return {
    coin: 'TUSD',
    fromDecimal: f.source.chain.decimals,
    receiveDecimal: (dest?.chain ?? f.source.chain).decimals,
    fromChainName: `Chain ${f.source.chain.chainId}`,
    toChainName: dest ? `Chain ${dest.chain.chainId}` : 'Chain 0',
    from: f.sender,
    to: f.recipient,
    sending: six(f.sending),
    receiving: six(f.receiving),
    fromChainId: f.source.chain.chainId,
    relayerChainId: f.relayer?.chainId ?? null,
    toChainId: dest?.chain.chainId ?? 1,
    state: dest ? 1 : 0,
    type: 4,
    fromHeight: f.source.height,
    fromHash: f.source.hash,
    relayerHeight: f.relayer?.height ?? null,
    relayerHash: f.relayer?.hash ?? null,
    transferInHeight: dest?.height ?? 0,
    transferInHash: dest?.hash ?? '',
    confirmHeight: f.source.height,
    relayerConfirmHeight: f.relayer?.height ?? null,
    transferInConfirmHeight: dest?.height ?? 0,
    fromChainObject: chainDetail(f.source.chain, f.source.contract, `Chain ${f.source.chain.chainId}`),
    toChainObject: dest
      ? chainDetail(dest.chain, dest.contract, `Chain ${dest.chain.chainId}`)
      : chainDetail(f.source.chain, undefined, 'Chain 0'),
    tokenObject: JSON.stringify({
      address: f.source.chain.token,
      chainId: f.source.chain.chainId,
      decimal: f.source.chain.decimals,
      id: 1,
      img: '',
      isMint: 0,
      name: 'Test USD',
      symbol: 'TUSD',
      tokenId: 'tusd'
    }),
    relayerObject: f.relayer
      ? JSON.stringify({
          chain: 'relay',
          chainId: f.relayer.chainId,
          chainImg: '',
          chainName: 'Relay',
          contract: '0x0000000000000000000000000000000000000001',
          gasLimit: '0',
          id: 9,
          rpc: f.relayer.rpc,
          scanUrl: ''
        })
      : null
  }
}

function tokenList(chains: readonly TestChain[]): Record<string, unknown[]> {
  return Object.fromEntries(
    chains.map((c) => [
      String(c.chainId),
      [
        {
          id: c.chainId,
          tokenId: 'tusd',
          address: c.token,
          name: 'Test USD',
          chainId: c.chainId,
          isMint: 0,
          symbol: 'TUSD',
          decimal: c.decimals,
          img: '',
          vaultToken: null,
          vaultDecimal: null,
          pid: null
        }
      ]
    ])
  )
}

/** What the chain list says of one chain, where a test bends it: its RPC and bridge contract ('' for none). */
export interface ListedChain {
  rpc?: string
  contract?: string
}

function chainList(chains: readonly TestChain[], listed: ReadonlyMap<number, ListedChain>): Record<string, unknown>[] {
  return chains.map((c) => ({
    id: c.chainId,
    chain: `chain${c.chainId}`,
    contract: listed.get(c.chainId)?.contract ?? c.bridge,
    rpc: listed.get(c.chainId)?.rpc ?? c.url,
    chainId: c.chainId,
    gasLimit: '0',
    chainName: `Chain ${c.chainId}`,
    chainImg: '',
    scanUrl: '',
    volume: null,
    tokenAddress: null,
    decimal: null,
    liquidity: null
  }))
}

const envelope = (data: unknown): string =>
  JSON.stringify({ code: 200, message: 'success', data }).replace(
    /"(sending|receiving)":"(\d+\.\d{6})"/g,
    '"$1":$2'
  )

/** The block a transaction was mined in on a test chain. */
export async function heightOf(chain: TestChain, hash: string): Promise<number> {
  return Number((await chain.receipt(hash as Hex))?.blockNumber)
}

/** A real transfer across two test chains: 1 TUSD deposited by account 1 on `a`, 0.99 released to account 2 on `b`. */
export async function honestTransfer(a: TestChain, b: TestChain): Promise<TransferFacts> {
  const sender = a.accounts[1] as Hex
  const recipient = b.accounts[2] as Hex
  const src = await a.deposit(sender, 1_000_000n)
  const dst = await b.release(recipient, 990_000_000_000_000_000n)
  return {
    source: { chain: a, hash: src, height: await heightOf(a, src) },
    destination: { chain: b, hash: dst, height: await heightOf(b, dst) },
    sender,
    recipient,
    sending: 1_000_000n,
    receiving: 990_000_000_000_000_000n
  }
}

export interface ChainService {
  baseUrl: string
  /** serve this record for its source hash */
  put(f: TransferFacts): string
  /** serve this record when asked about `asked`, whatever its own source hash */
  answer(asked: string, f: TransferFacts): void
  /** bend what the chain list says of a chain (undefined: as the chain is) */
  list(chainId: number, listed: ListedChain | undefined): void
  close(): Promise<void>
}

/** `host`: the loopback address it listens on (127.0.0.1 unless a test needs the service at another one). */
export async function startChainService(chains: readonly TestChain[], host = '127.0.0.1'): Promise<ChainService> {
  const records = new Map<string, Record<string, unknown>>()
  const listed = new Map<number, ListedChain>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      if (req.url === '/api/queryTokenList') return res.end(envelope({ list: tokenList(chains) }))
      if (req.url === '/api/queryChainList') return res.end(envelope({ list: chainList(chains, listed) }))
      if (req.url === '/api/queryBridgeInfo') {
        const hash = String((JSON.parse(body || '{}') as { txHash?: string }).txHash ?? '').toLowerCase()
        const record = records.get(hash)
        return res.end(
          record ? envelope(record) : JSON.stringify({ code: 404, message: 'no such transfer', data: null })
        )
      }
      res.statusCode = 404
      res.end('{}')
    })
  })
  await new Promise<void>((r) => server.listen(0, host, r))
  return {
    baseUrl: `http://${host}:${(server.address() as AddressInfo).port}`,
    put: (f) => {
      records.set(f.source.hash.toLowerCase(), wireDetail(f))
      return f.source.hash
    },
    answer: (asked, f) => {
      records.set(asked.toLowerCase(), wireDetail(f))
    },
    list: (chainId, l) => {
      if (l) listed.set(chainId, l)
      else listed.delete(chainId)
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}

/** The usual rig: a 6-decimal source chain (31337), an 18-decimal destination (31338), and a service over both. */
export interface TwoChains {
  a: TestChain
  b: TestChain
  service: ChainService
  close(): Promise<void>
}

export async function startTwoChains(): Promise<TwoChains> {
  const [a, b] = await Promise.all([startTestChain({ chainId: 31337, decimals: 6 }), startTestChain({ chainId: 31338, decimals: 18 })])
  const service = await startChainService([a, b])
  return {
    a,
    b,
    service,
    close: async () => {
      await service.close()
      await Promise.all([a.stop(), b.stop()])
    }
  }
}
