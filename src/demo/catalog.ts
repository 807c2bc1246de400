// The static part of the demo network: supported chains and tokens. It does not depend on the seed (real
// chains and tokens do not change between sessions); addresses are derived from a fixed hash so they look
// real and never collide. Detail strings (the JSON text the service nests in each chain and token) are
// built once here, since every transfer embeds them.
import { writeJson, type WireObject } from './json'
import { CHAIN_SEEDS, MAP_CHAIN_ID, TOKEN_GROUPS, type SimChain, type TokenGroup } from './catalog-data'
import { iconPath } from './icons'
import { chainRpcPath } from './chain-rpc-path'
import { Rng, SALT } from './prng'

export { MAP_CHAIN_ID, TOKEN_GROUPS, type SimChain, type TokenGroup }


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
  /** token detail string (JSON text, as the service nests it), built once */
  detail: string
}

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

  /** `iconOrigin`: the simulator's own http://127.0.0.1:PORT, where it serves the icons it names. */
  constructor(readonly iconOrigin = 'http://127.0.0.1') {
    this.chains = CHAIN_SEEDS.map((s, index) => {
      const chain: SimChain = {
        ...s,
        index,
        id: index + 1,
        chainImg: iconOrigin + iconPath('chains', s.chain),
        contract: hexAddress(1, s.chainId),
        // each demo chain answers the EVM JSON-RPC reads of a chain check itself (chains.ts)
        rpc: `${iconOrigin}${chainRpcPath(s.chainId)}`,
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
          img: iconOrigin + iconPath('tokens', g.symbol),
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

  /** The label of the icon at `path` when it is one this catalog names (the server answers 404 otherwise). */
  iconLabel(path: string): string | null {
    for (const c of this.chains) if (iconPath('chains', c.chain) === path) return c.chainName
    for (const g of TOKEN_GROUPS) if (iconPath('tokens', g.symbol) === path) return g.symbol
    return null
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
  chainListData(): { list: WireObject[] } {
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
