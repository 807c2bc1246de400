// Real chains and tokens the demo network serves. Heights, weights and prices are plausible snapshots,
// not live data; decimals follow each token's deployment on that chain (USDT is 18 on BNB Chain, 6 on Ethereum).
/** MAP Protocol's relay chain: the relayer leg of a transfer runs here. */
export const MAP_CHAIN_ID = 22776

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

/** A chain as the demo network serves it (catalog.ts fills in the derived fields). */
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
  /** chain detail string (JSON text, as the service nests it), built once */
  detail: string
}

export type ChainSeed = Omit<SimChain, 'index' | 'id' | 'contract' | 'detail' | 'chainImg'>

export const CHAIN_SEEDS: ChainSeed[] = [
  {
    chain: 'map',
    chainId: MAP_CHAIN_ID,
    chainName: 'MAP Relay Chain',
    rpc: 'https://rpc.maplabs.io',
    scanUrl: 'https://maposcan.io',
    gasLimit: '5000000',
    blockMs: 5000,
    headHeight: 14_200_000,
    weight: 10
  },
  {
    chain: 'eth',
    chainId: 1,
    chainName: 'Ethereum',
    rpc: 'https://ethereum-rpc.publicnode.com',
    scanUrl: 'https://etherscan.io',
    gasLimit: '3000000',
    blockMs: 12000,
    headHeight: 21_400_000,
    weight: 25
  },
  {
    chain: 'bsc',
    chainId: 56,
    chainName: 'BNB Smart Chain',
    rpc: 'https://bsc-dataseed.bnbchain.org',
    scanUrl: 'https://bscscan.com',
    gasLimit: '3000000',
    blockMs: 3000,
    headHeight: 44_800_000,
    weight: 20
  },
  {
    chain: 'polygon',
    chainId: 137,
    chainName: 'Polygon PoS',
    rpc: 'https://polygon-rpc.com',
    scanUrl: 'https://polygonscan.com',
    gasLimit: '3000000',
    blockMs: 2000,
    headHeight: 65_300_000,
    weight: 12
  },
  {
    chain: 'arbitrum',
    chainId: 42161,
    chainName: 'Arbitrum One',
    rpc: 'https://arb1.arbitrum.io/rpc',
    scanUrl: 'https://arbiscan.io',
    gasLimit: '8000000',
    blockMs: 250,
    headHeight: 280_000_000,
    weight: 8
  },
  {
    chain: 'optimism',
    chainId: 10,
    chainName: 'OP Mainnet',
    rpc: 'https://mainnet.optimism.io',
    scanUrl: 'https://optimistic.etherscan.io',
    gasLimit: '3000000',
    blockMs: 2000,
    headHeight: 129_000_000,
    weight: 5
  },
  {
    chain: 'base',
    chainId: 8453,
    chainName: 'Base',
    rpc: 'https://mainnet.base.org',
    scanUrl: 'https://basescan.org',
    gasLimit: '3000000',
    blockMs: 2000,
    headHeight: 23_500_000,
    weight: 8
  },
  {
    chain: 'avax',
    chainId: 43114,
    chainName: 'Avalanche C-Chain',
    rpc: 'https://api.avax.network/ext/bc/C/rpc',
    scanUrl: 'https://snowtrace.io',
    gasLimit: '3000000',
    blockMs: 2000,
    headHeight: 54_000_000,
    weight: 4
  },
  {
    chain: 'conflux',
    chainId: 1030,
    chainName: 'Conflux eSpace',
    rpc: 'https://evm.confluxrpc.com',
    scanUrl: 'https://evm.confluxscan.net',
    gasLimit: '3000000',
    blockMs: 1000,
    headHeight: 110_000_000,
    weight: 4
  },
  {
    chain: 'klaytn',
    chainId: 8217,
    chainName: 'Kaia',
    rpc: 'https://public-en.node.kaia.io',
    scanUrl: 'https://kaiascan.io',
    gasLimit: '3000000',
    blockMs: 1000,
    headHeight: 172_000_000,
    weight: 4
  },
  {
    chain: 'merlin',
    chainId: 4200,
    chainName: 'Merlin Chain',
    rpc: 'https://rpc.merlinchain.io',
    scanUrl: 'https://scan.merlinchain.io',
    gasLimit: '3000000',
    blockMs: 3000,
    headHeight: 15_600_000,
    weight: 3
  }
]

export const TOKEN_GROUPS: TokenGroup[] = [
  {
    symbol: 'USDT',
    name: 'Tether USD',
    priceMicro: 1_000_000n,
    min: 5,
    max: 250_000,
    weight: 30,
    decimals: {
      map: 18,
      eth: 6,
      bsc: 18,
      polygon: 6,
      arbitrum: 6,
      optimism: 6,
      avax: 6,
      conflux: 18,
      klaytn: 6,
      merlin: 18
    }
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    priceMicro: 1_000_000n,
    min: 5,
    max: 200_000,
    weight: 25,
    decimals: { map: 18, eth: 6, bsc: 18, polygon: 6, arbitrum: 6, optimism: 6, base: 6, avax: 6 }
  },
  {
    symbol: 'WETH',
    name: 'Wrapped Ether',
    priceMicro: 3_150_000_000n,
    min: 0.002,
    max: 120,
    weight: 15,
    decimals: { map: 18, eth: 18, bsc: 18, polygon: 18, arbitrum: 18, optimism: 18, base: 18, klaytn: 18 }
  },
  {
    symbol: 'MAPO',
    name: 'MAP Protocol',
    priceMicro: 6_500n,
    min: 100,
    max: 5_000_000,
    weight: 15,
    decimals: { map: 18, eth: 18, bsc: 18, polygon: 18, base: 18, merlin: 18 }
  },
  {
    symbol: 'WBTC',
    name: 'Wrapped BTC',
    priceMicro: 64_000_000_000n,
    min: 0.0005,
    max: 8,
    weight: 5,
    decimals: { map: 8, eth: 8, polygon: 8, arbitrum: 8, merlin: 18 }
  },
  {
    symbol: 'DAI',
    name: 'Dai Stablecoin',
    priceMicro: 999_800n,
    min: 5,
    max: 100_000,
    weight: 10,
    decimals: { eth: 18, polygon: 18, arbitrum: 18, optimism: 18, bsc: 18 }
  }
]
