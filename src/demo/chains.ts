// The demo network's chains: each answers, at /chain/<chainId>, the EVM JSON-RPC reads a chain check makes
// (eth_chainId, eth_blockNumber, eth_getBlockByNumber, eth_getTransactionByHash, eth_getTransactionReceipt,
// and eth_call of a token's decimals() and symbol()) for the legs of the
// demo's transfers, consistent with what the query service says of them: the same blocks, sender, bridge
// contract, tokens and amounts. A few transfers are told differently on chain, so the demo shows the
// service disagreeing with a chain: by transfer index (`lieOf`), a destination that paid less, a source the
// chain reverted, a receive hash the chain does not know, a source in another block.
import type { Catalog } from './catalog'
import type { SimChain } from './catalog-data'
import type { Dataset } from './dataset'
import { writeJson, type WireObject, type WireValue } from './json'
import { Rng, SALT } from './prng'
import type { Transfer } from './transfer'
import type { DemoKeepers } from './keepers'
import { receivedOf } from './butter-view'

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 Transfer event's topic */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export type Lie = 'paid-less' | 'reverted' | 'unknown-receive' | 'other-block'

/** The demo's transfers whose chains disagree with the service: about 4 in 100, never the first ones. */
export function lieOf(i: number): Lie | null {
  if (i < 10) return null
  if (i % 97 === 41) return 'paid-less'
  if (i % 89 === 23) return 'reverted'
  if (i % 101 === 59) return 'unknown-receive'
  if (i % 103 === 37) return 'other-block'
  return null
}

interface Leg {
  hash: string
  block: number
  from: string
  to: string
  status: 1 | 0
  moves: { token: string; from: string; to: string; value: bigint }[]
}

const hex = (n: number | bigint): string => `0x${n.toString(16)}`
const word = (a: string): string => `0x${a.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`

export interface DemoChainsDeps {
  catalog: Catalog
  dataset: Dataset
  transfer: (i: number) => Transfer
  now: () => number
  /** the vault's router reads on its chain (keepers.ts) */
  keepers?: DemoKeepers
}

export class DemoChains {
  constructor(private readonly deps: DemoChainsDeps) {}

  /** A JSON-RPC answer of chain `chainId` to `body`, or null when the demo has no such chain. */
  answer(chainId: number, body: string): string | null {
    const chain = this.deps.catalog.byChainId.get(chainId)
    if (!chain) return null
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return writeJson({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
    }
    // a batch (as the chain check sends) is answered call by call, as EVM nodes do
    if (Array.isArray(parsed)) return `[${parsed.map((call) => this.call(chain, call)).join(',')}]`
    return this.call(chain, parsed)
  }

  private call(chain: SimChain, call: unknown): string {
    const req = (typeof call === 'object' && call !== null ? call : {}) as {
      id?: unknown
      method?: unknown
      params?: unknown
    }
    const id = typeof req.id === 'number' || typeof req.id === 'string' ? req.id : null
    const params = Array.isArray(req.params) ? (req.params as unknown[]) : []
    const result = (value: WireValue): string => writeJson({ jsonrpc: '2.0', id, result: value })
    const hash = typeof params[0] === 'string' ? params[0] : ''
    switch (req.method) {
      case 'eth_chainId':
        return result(hex(chain.chainId))
      case 'eth_blockNumber':
        return result(hex(this.head(chain)))
      case 'eth_getTransactionByHash':
        return result(this.tx(chain, hash))
      case 'eth_getTransactionReceipt':
        return result(this.receipt(chain, hash))
      case 'eth_getBlockByNumber':
      case 'eth_call': {
        // the vault keepers' contracts and routers first (the relay chain, the routers' balances), then the
        // chain check's block headers and token reads
        const kept = this.deps.keepers?.chainResult(chain.chainId, String(req.method), params, this.head(chain))
        if (kept !== undefined) return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${kept}}`
        if (req.method === 'eth_getBlockByNumber') return result(this.block(chain, hash))
        const out = this.tokenCall(chain, params[0])
        return out === null ? writeJson({ jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted' } }) : result(out)
      }
      default:
        return writeJson({ jsonrpc: '2.0', id, error: { code: -32601, message: `the demo chain does not answer ${String(req.method).slice(0, 60)}` } })
    }
  }

  /** The chain's head now: its catalog head at the network's start, moving by its block time. */
  head(chain: SimChain): number {
    const elapsedMs = this.deps.now() - this.deps.dataset.anchorSec * 1000
    return chain.headHeight + Math.max(0, Math.floor(elapsedMs / chain.blockMs))
  }

  /** The leg of a demo transfer this hash is on this chain, as the chain tells it. */
  private leg(chain: SimChain, hash: string): Leg | null {
    const ds = this.deps.dataset
    const source = ds.indexOfHash(hash)
    if (source >= 0 && !ds.isHeld(source)) {
      const t = this.deps.transfer(source)
      if (t.fromChain.chainId !== chain.chainId) return null
      const lie = lieOf(source)
      return {
        hash: t.hash,
        block: t.height + (lie === 'other-block' ? 2 : 0),
        from: t.from,
        to: chain.contract,
        status: lie === 'reverted' ? 0 : 1,
        moves:
          lie === 'reverted'
            ? []
            : [{ token: t.token.address, from: t.from, to: chain.contract, value: t.amount }]
      }
    }
    const receive = ds.indexOfLegHash(hash, 'in')
    if (receive >= 0 && !ds.isHeld(receive)) {
      const t = this.deps.transfer(receive)
      if (
        t.toChain.chainId !== chain.chainId ||
        t.transferinHash === '' ||
        lieOf(receive) === 'unknown-receive'
      )
        return null
      const paidLess = lieOf(receive) === 'paid-less'
      const value = paidLess ? (t.receiving * 99n) / 100n : t.receiving
      // A transfer Butter's view tells as a swap (butter-view.ts) also delivers the token swapped into, so a
      // check of that view finds its token moved too; the bridge's own token still moves for our dialect's view.
      const swapped = receivedOf(this.deps.catalog, t)
      const swap = swapped.token.address === t.toToken.address ? [] : [{ token: swapped.token.address, from: chain.contract, to: t.to, value: paidLess ? (swapped.amount * 99n) / 100n : swapped.amount }]
      return {
        hash: t.transferinHash,
        block: t.transferinHeight,
        from: this.relayerAccount(chain),
        to: chain.contract,
        status: 1,
        moves: [{ token: t.toToken.address, from: chain.contract, to: t.to, value }, ...swap]
      }
    }
    const relay = ds.indexOfLegHash(hash, 'relay')
    if (relay >= 0 && !ds.isHeld(relay)) {
      const t = this.deps.transfer(relay)
      if (!t.relayer || t.relayer.chain.chainId !== chain.chainId) return null
      return {
        hash: t.relayer.hash,
        block: t.relayer.height,
        from: this.relayerAccount(chain),
        to: chain.contract,
        status: 1,
        moves: []
      }
    }
    return null
  }

  /** The account the bridge's relayer sends from on a chain. */
  private relayerAccount(chain: SimChain): string {
    return `0x${Rng.of(SALT.legHash, 3, chain.chainId).hex(40)}`
  }

  private blockHash(chain: SimChain, block: number): string {
    return `0x${Rng.of(SALT.legHash, 4, chain.chainId, block).hex(64)}`
  }

  /** The block header at a height (a quantity or 'latest'): its hash and a time by the chain's block time. */
  private block(chain: SimChain, height: string): WireObject | null {
    const head = this.head(chain)
    const n = height === 'latest' ? head : /^0x[0-9a-f]+$/i.test(height) ? Number(BigInt(height)) : -1
    if (n < 0 || n > head) return null
    const sec = Math.floor((this.deps.dataset.anchorSec * 1000 - (chain.headHeight - n) * chain.blockMs) / 1000)
    return { number: hex(n), hash: this.blockHash(chain, n), timestamp: hex(Math.max(0, sec)) }
  }

  /** decimals() or symbol() of a token the catalog has on this chain, ABI-encoded; null (a revert) otherwise. */
  private tokenCall(chain: SimChain, call: unknown): string | null {
    const c = (typeof call === 'object' && call !== null ? call : {}) as { to?: unknown; data?: unknown }
    const to = typeof c.to === 'string' ? c.to.toLowerCase() : ''
    const token = (this.deps.catalog.tokensOfChain[chain.index] ?? []).find((t) => t.address.toLowerCase() === to)
    if (!token) return null
    if (c.data === '0x313ce567') return word(token.decimal.toString(16))
    if (c.data === '0x95d89b41') {
      const bytes = Buffer.from(token.symbol, 'utf8').toString('hex')
      return `${word('20')}${word(bytes.length / 2 === 0 ? '0' : (bytes.length / 2).toString(16)).slice(2)}${bytes.padEnd(64, '0')}`
    }
    return null
  }

  private tx(chain: SimChain, hash: string): WireObject | null {
    const leg = this.leg(chain, hash)
    if (!leg) return null
    const mined = leg.block <= this.head(chain)
    return {
      hash: leg.hash,
      blockNumber: mined ? hex(leg.block) : null,
      blockHash: mined ? this.blockHash(chain, leg.block) : null,
      from: leg.from,
      to: leg.to,
      nonce: '0x0',
      value: '0x0',
      input: '0x'
    }
  }

  private receipt(chain: SimChain, hash: string): WireObject | null {
    const leg = this.leg(chain, hash)
    if (!leg || leg.block > this.head(chain)) return null
    const blockHash = this.blockHash(chain, leg.block)
    return {
      transactionHash: leg.hash,
      blockNumber: hex(leg.block),
      blockHash,
      from: leg.from,
      to: leg.to,
      status: hex(leg.status),
      logs: leg.moves.map((m, logIndex) => ({
        address: m.token,
        topics: [TRANSFER_TOPIC, word(m.from), word(m.to)],
        data: word(m.value.toString(16)),
        blockNumber: hex(leg.block),
        blockHash,
        transactionHash: leg.hash,
        logIndex: hex(logIndex)
      }))
    }
  }
}
