// The static part of the demo network: supported chains and tokens. It does not depend on the seed (real
// chains and tokens do not change between sessions); addresses are derived from a fixed hash so they look
// real and never collide. Detail strings (spec 2.2) are built once here, since every transfer embeds them.
import { writeJson, type WireObject } from './json'
import { Rng, SALT } from './prng'

export const MAP_CHAIN_ID = 22776

export interface SimChain {
  index: number
  id: number
  chain: string
  chainId: number
  chainName: string
  chainImg: string
  rpc: string
  scanUrl: string
  contract: string
  gasLimit: string
  /** milliseconds per block, used to turn times into plausible heights */
  blockMs: number
  /** block height at the dataset's anchor time */
  headHeight: number
  /** relative popularity as a source chain */
  weight: number
  /** chain detail string (spec 2.2), built once */
  detail: string
}

export interface SimToken {
  index: number
  id: number
  tokenId: string
  address: string
  name: string
  chainId: number
  chainIndex: number
  isMint: 0 | 1
  symbol: string
  decimal: number
  img: string
  vaultToken: string | null
  vaultDecimal: number | null
  pid: number | null
  /** token detail string (spec 2.2), built once */
  detail: string
}

export interface TokenGroup {
  symbol: string
  name: string
  /** USD price of one whole token, in millionths */
  priceMicro: bigint
  /** human amount range of a typical transfer */
  min: number
  max: number
  weight: number
  /** chain key → decimals on that chain */
  decimals: Record<string, number>
}

type ChainSeed = Omit<SimChain, 'index' | 'id' | 'contract' | 'detail' | 'chainImg'>

const CHAIN_SEEDS: ChainSeed[] = [
  { chain: 'map', chainId: MAP_CHAIN_ID, chainName: 'MAP Relay Chain', rpc: 'https://rpc.maplabs.io', scanUrl: 'https://maposcan.io', gasLimit: '5000000', blockMs: 5000, headHeight: 14_200_000, weight: 10 },
  { chain: 'eth', chainId: 1, chainName: 'Ethereum', rpc: 'https://ethereum-rpc.publicnode.com', scanUrl: 'https://etherscan.io', gasLimit: '3000000', blockMs: 12000, headHeight: 21_400_000, weight: 25 },
  { chain: 'bsc', chainId: 56, chainName: 'BNB Smart Chain', rpc: 'https://bsc-dataseed.bnbchain.org', scanUrl: 'https://bscscan.com', gasLimit: '3000000', blockMs: 3000, headHeight: 44_800_000, weight: 20 },
  { chain: 'polygon', chainId: 137, chainName: 'Polygon PoS', rpc: 'https://polygon-rpc.com', scanUrl: 'https://polygonscan.com', gasLimit: '3000000', blockMs: 2000, headHeight: 65_300_000, weight: 12 },
  { chain: 'arbitrum', chainId: 42161, chainName: 'Arbitrum One', rpc: 'https://arb1.arbitrum.io/rpc', scanUrl: 'https://arbiscan.io', gasLimit: '8000000', blockMs: 250, headHeight: 280_000_000, weight: 8 },
  { chain: 'optimism', chainId: 10, chainName: 'OP Mainnet', rpc: 'https://mainnet.optimism.io', scanUrl: 'https://optimistic.etherscan.io', gasLimit: '3000000', blockMs: 2000, headHeight: 129_000_000, weight: 5 },
  { chain: 'base', chainId: 8453, chainName: 'Base', rpc: 'https://mainnet.base.org', scanUrl: 'https://basescan.org', gasLimit: '3000000', blockMs: 2000, headHeight: 23_500_000, weight: 8 },
  { chain: 'avax', chainId: 43114, chainName: 'Avalanche C-Chain', rpc: 'https://api.avax.network/ext/bc/C/rpc', scanUrl: 'https://snowtrace.io', gasLimit: '3000000', blockMs: 2000, headHeight: 54_000_000, weight: 4 },
  { chain: 'conflux', chainId: 1030, chainName: 'Conflux eSpace', rpc: 'https://evm.confluxrpc.com', scanUrl: 'https://evm.confluxscan.net', gasLimit: '3000000', blockMs: 1000, headHeight: 110_000_000, weight: 4 },
  { chain: 'klaytn', chainId: 8217, chainName: 'Kaia', rpc: 'https://public-en.node.kaia.io', scanUrl: 'https://kaiascan.io', gasLimit: '3000000', blockMs: 1000, headHeight: 172_000_000, weight: 4 },
  { chain: 'merlin', chainId: 4200, chainName: 'Merlin Chain', rpc: 'https://rpc.merlinchain.io', scanUrl: 'https://scan.merlinchain.io', gasLimit: '3000000', blockMs: 3000, headHeight: 15_600_000, weight: 3 }
]

export const TOKEN_GROUPS: TokenGroup[] = [
  { symbol: 'USDT', name: 'Tether USD', priceMicro: 1_000_000n, min: 5, max: 250_000, weight: 30,
    decimals: { map: 18, eth: 6, bsc: 18, polygon: 6, arbitrum: 6, optimism: 6, avax: 6, conflux: 18, klaytn: 6, merlin: 18 } },
  { symbol: 'USDC', name: 'USD Coin', priceMicro: 1_000_000n, min: 5, max: 200_000, weight: 25,
    decimals: { map: 18, eth: 6, bsc: 18, polygon: 6, arbitrum: 6, optimism: 6, base: 6, avax: 6 } },
  { symbol: 'WETH', name: 'Wrapped Ether', priceMicro: 3_150_000_000n, min: 0.002, max: 120, weight: 15,
    decimals: { map: 18, eth: 18, bsc: 18, polygon: 18, arbitrum: 18, optimism: 18, base: 18, klaytn: 18 } },
  { symbol: 'MAPO', name: 'MAP Protocol', priceMicro: 6_500n, min: 100, max: 5_000_000, weight: 15,
    decimals: { map: 18, eth: 18, bsc: 18, polygon: 18, base: 18, merlin: 18 } },
  { symbol: 'WBTC', name: 'Wrapped BTC', priceMicro: 64_000_000_000n, min: 0.0005, max: 8, weight: 5,
    decimals: { map: 8, eth: 8, polygon: 8, arbitrum: 8, merlin: 18 } },
  { symbol: 'DAI', name: 'Dai Stablecoin', priceMicro: 999_800n, min: 5, max: 100_000, weight: 10,
    decimals: { eth: 18, polygon: 18, arbitrum: 18, optimism: 18, bsc: 18 } }
]

function hexAddress(...parts: number[]): string {
  const [a = 0, b = 0, c = 0] = parts
  return '0x' + Rng.of(SALT.catalog, a, b, c).hex(40)
}

function chainDetailObject(c: SimChain): WireObject {
  // Field order as the service writes detail strings (alphabetical).
  return {
    chain: c.chain,
    chainId: c.chainId,
    chainImg: c.chainImg,
    chainName: c.chainName,
    contract: c.contract,
    gasLimit: c.gasLimit,
    id: c.id,
    rpc: c.rpc,
    scanUrl: c.scanUrl
  }
}

export class Catalog {
  readonly chains: SimChain[]
  readonly tokens: SimToken[]
  readonly byChainId = new Map<number, SimChain>()
  /** tokens of each chain, by chain index */
  readonly tokensOfChain: SimToken[][]
  /** group index of each token */
  readonly groupOfToken: number[] = []
  /** token of (group, chain index), if any */
  private readonly tokenAt = new Map<number, SimToken>()

  constructor() {
    this.chains = CHAIN_SEEDS.map((s, index) => {
      const chain: SimChain = {
        ...s,
        index,
        id: index + 1,
        chainImg: `https://files.mapprotocol.io/bridge/chains/${s.chain}.png`,
        contract: hexAddress(1, s.chainId),
        detail: ''
      }
      chain.detail = writeJson(chainDetailObject(chain))
      this.byChainId.set(chain.chainId, chain)
      return chain
    })
    this.tokensOfChain = this.chains.map(() => [])
    const tokens: SimToken[] = []
    TOKEN_GROUPS.forEach((g, gi) => {
      for (const chain of this.chains) {
        const decimal = g.decimals[chain.chain]
        if (decimal === undefined) continue
        const isMap = chain.chainId === MAP_CHAIN_ID
        const token: SimToken = {
          index: tokens.length,
          id: tokens.length + 1,
          tokenId: String(1000 + gi),
          address: hexAddress(2, gi, chain.chainId),
          name: g.name,
          chainId: chain.chainId,
          chainIndex: chain.index,
          // MAPO is minted by the bridge outside its home chain; stables are minted on the relay chain.
          isMint: (g.symbol === 'MAPO' && !isMap) || (isMap && g.symbol !== 'MAPO') ? 1 : 0,
          symbol: g.symbol,
          decimal,
          img: `https://files.mapprotocol.io/bridge/tokens/${g.symbol.toLowerCase()}.png`,
          // Only the relay chain holds liquidity vaults.
          vaultToken: isMap ? hexAddress(3, gi) : null,
          vaultDecimal: isMap ? 18 : null,
          pid: isMap ? gi : null,
          detail: ''
        }
        token.detail = writeJson({
          address: token.address,
          chainId: token.chainId,
          decimal: token.decimal,
          id: token.id,
          img: token.img,
          isMint: token.isMint,
          name: token.name,
          symbol: token.symbol,
          tokenId: token.tokenId
        })
        tokens.push(token)
        this.tokensOfChain[chain.index]?.push(token)
        this.groupOfToken.push(gi)
        this.tokenAt.set(gi * 1000 + chain.index, token)
      }
    })
    this.tokens = tokens
  }

  chain(index: number): SimChain {
    const c = this.chains[index]
    if (!c) throw new Error(`no chain ${index}`)
    return c
  }

  token(group: number, chainIndex: number): SimToken | undefined {
    return this.tokenAt.get(group * 1000 + chainIndex)
  }

  group(token: SimToken): TokenGroup {
    const g = TOKEN_GROUPS[this.groupOfToken[token.index] ?? -1]
    if (!g) throw new Error(`no group for token ${token.id}`)
    return g
  }

  /** data of queryChainList */
  chainListData(): WireObject {
    return {
      list: this.chains.map((c) => ({
        id: c.id,
        chain: c.chain,
        contract: c.contract,
        rpc: c.rpc,
        chainId: c.chainId,
        gasLimit: c.gasLimit,
        chainName: c.chainName,
        chainImg: c.chainImg,
        scanUrl: c.scanUrl,
        volume: null,
        tokenAddress: null,
        decimal: null,
        liquidity: null
      }))
    }
  }

  /** data of queryTokenList: tokens keyed by chain id written as a string */
  tokenListData(): WireObject {
    const list: Record<string, WireObject[]> = {}
    for (const chain of this.chains) {
      list[String(chain.chainId)] = (this.tokensOfChain[chain.index] ?? []).map((t) => ({
        id: t.id,
        tokenId: t.tokenId,
        address: t.address,
        name: t.name,
        chainId: t.chainId,
        isMint: t.isMint,
        symbol: t.symbol,
        decimal: t.decimal,
        img: t.img,
        vaultToken: t.vaultToken,
        vaultDecimal: t.vaultDecimal,
        pid: t.pid
      }))
    }
    return { list }
  }
}
