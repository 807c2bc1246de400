// What the vault holds against what it owes. The books: ViewController.getPublicKeys → getVault(pubkey) per
// vault (per chain its router, per token MAP's booked balance, pendingOut and decimals), TSSManager.getMembers
// (pubkey) and getChainName(chain) for the scanners' names (compass-tss@e2cf2fa…:pkg/chainclients/mapo/view.go
// reads them the same way). The chain's own word: the router's ERC-20 balanceOf and decimals (or its native
// balance) through that chain's RPC, at its finalized block. MAP's own node leaves this check empty
// (compass-tss@e2cf2fa…:pkg/chainclients/shared/runners/solvency.go).
import { erc20Abi, type Abi } from 'viem'
import { AppError } from '@shared/errors'
import { booksLag, gapOf, judgeToken, tokenUnits } from '@shared/keepers-verdict'
import type { ChainSolvency, ScannerLag, SolvencyReport, TokenSolvency } from '@shared/keepers'
import { remember, type HttpOptions } from '../client'
import { publicKeysSchema, shaped, TSS_MANAGER_ABI, VIEW_ABI, vaultViewSchema, type VaultView } from '@shared/keepers-abi'
import { readContracts, settleAll, type BlockTag, type ContractRead, type ReadResult } from './eth-call'
import { z } from 'zod'

/**
 * Blocks below the head taken as final where a node does not serve the 'finalized' tag: 64 is two Ethereum
 * epochs (what post-merge Ethereum finalizes after, and what anvil reports as finalized), and deeper than the
 * fast finality of BNB Smart Chain (2 blocks) or the L2s' soft confirmations.
 */
export const FALLBACK_DEPTH = 64

/** compass-tss's chains that are not EVM (compass-tss@e2cf2fa…:common/chain.go): no balanceOf to ask. */
const NOT_EVM = new Set(['btc', 'ltc', 'bch', 'doge', 'xrp', 'sol', 'tron', 'gaia', 'thor'])

export interface SolvencyOptions {
  relayRpc: string
  viewController: string
  tssManager: string
  /** an RPC URL per chain id (decimal text), the profile's chain-check RPCs with --chain-rpc over them */
  chainRpc: Readonly<Record<string, string>>
  thresholdPct: string
  maxScannerLag: number
  /** each reachable node's scanners; empty when none was asked or none answered */
  scanners: readonly (readonly ScannerLag[])[]
  http: HttpOptions
  now?: () => number
}

const hexNumber = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/)
  .transform((h) => BigInt(h))
const blockSchema = z.looseObject({ number: hexNumber }).nullable()

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function isNative(token: string): boolean {
  const t = token.toLowerCase()
  return t === '0x' || /^0x0{40}$/.test(t) || t === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
}

/** The finalized block, else head minus FALLBACK_DEPTH when the node does not serve the tag. */
async function settledBlock(url: string, http: HttpOptions): Promise<NonNullable<ChainSolvency['block']>> {
  const [fin, head] = await settleAll(
    url,
    [
      { method: 'eth_getBlockByNumber', params: ['finalized', false] },
      { method: 'eth_blockNumber', params: [] }
    ],
    http
  )
  if (fin?.ok) {
    const block = blockSchema.safeParse(fin.result)
    if (block.success && block.data !== null)
      return { number: block.data.number.toString(), tag: 'finalized', depth: 0 }
  }
  if (!head?.ok) throw head?.error ?? new AppError({ kind: 'protocol', message: 'no block number' })
  const number = hexNumber.safeParse(head.result)
  if (!number.success)
    throw new AppError({
      kind: 'decode',
      operation: 'eth_blockNumber',
      message: 'eth_blockNumber answered no hex number'
    })
  const at = number.data > BigInt(FALLBACK_DEPTH) ? number.data - BigInt(FALLBACK_DEPTH) : 0n
  return { number: at.toString(), tag: 'head-minus-depth', depth: FALLBACK_DEPTH }
}

type Coin = VaultView['routerTokens'][number]['coins'][number]

function bookedOf(
  coin: Coin
): Pick<TokenSolvency, 'token' | 'native' | 'booked' | 'pendingOut' | 'bookedDecimals'> {
  const decimals = Number(coin.decimals)
  return {
    token: coin.token,
    native: isNative(coin.token),
    booked: tokenUnits(coin.balance, decimals),
    pendingOut: tokenUnits(coin.pendingOut, decimals),
    bookedDecimals: decimals
  }
}

function unread(coin: Coin, reason: string): TokenSolvency {
  return {
    ...bookedOf(coin),
    onChain: null,
    chainDecimals: null,
    gap: null,
    gapPct: null,
    verdict: { kind: 'cannot-check-here', reason }
  }
}

function chainOf(
  route: VaultView['routerTokens'][number],
  name: string | null,
  opts: SolvencyOptions
): Promise<ChainSolvency> {
  const chainId = route.chain.toString()
  const url = opts.chainRpc[chainId] ?? null
  const lag = name === null ? null : booksLag(opts.scanners, name)
  const base = { chainId, chainName: name, router: route.router, rpc: url, block: null, scannerLag: lag }
  const none = (reason: string): ChainSolvency => ({
    ...base,
    tokens: route.coins.map((c) => unread(c, reason)),
    problem: reason
  })
  if (name !== null && NOT_EVM.has(name.toLowerCase()))
    return Promise.resolve({
      ...none(`${name} is not an EVM chain: its balance has no eth_call here`),
      rpc: null
    })
  if (!/^0x[0-9a-fA-F]{40}$/.test(route.router))
    return Promise.resolve({
      ...none(`the router ${route.router.slice(0, 70)} is not an EVM address`),
      rpc: null
    })
  if (url === null)
    return Promise.resolve(
      none(
        `no EVM RPC for chain ${chainId}: set one in the profile's chain check, or --chain-rpc ${chainId}=URL`
      )
    )
  return readChain(url, route, base, lag, opts).catch((error: unknown) =>
    none(`${url} failed: ${errorText(error)}`)
  )
}

async function readChain(
  url: string,
  route: VaultView['routerTokens'][number],
  base: Omit<ChainSolvency, 'tokens' | 'problem'>,
  lag: ChainSolvency['scannerLag'],
  opts: SolvencyOptions
): Promise<ChainSolvency> {
  const block = await settledBlock(url, opts.http)
  const at: BlockTag = BigInt(block.number)
  const erc20 = erc20Abi as Abi
  const natives = route.coins.map((c) => isNative(c.token))
  const [balances, tokenReads] = await Promise.all([
    settleAll(
      url,
      route.coins
        .filter((_, i) => natives[i])
        .map(() => ({ method: 'eth_getBalance', params: [route.router, `0x${at.toString(16)}`] })),
      opts.http
    ),
    readContracts(
      url,
      route.coins.flatMap((c, i) =>
        natives[i]
          ? []
          : [
              { abi: erc20, address: c.token, functionName: 'balanceOf', args: [route.router] },
              { abi: erc20, address: c.token, functionName: 'decimals' }
            ]
      ),
      at,
      opts.http
    )
  ])
  let native = 0
  let erc = 0
  const tokens = route.coins.map((coin, i): TokenSolvency => {
    let raw: bigint
    let decimals: number
    if (natives[i]) {
      const b = balances[native++]
      if (!b?.ok) return unread(coin, `eth_getBalance: ${b ? b.error.message : 'no answer'}`)
      const n = hexNumber.safeParse(b.result)
      if (!n.success) return unread(coin, 'eth_getBalance answered no hex number')
      raw = n.data
      decimals = Number(coin.decimals)
    } else {
      const bal = tokenReads[erc++] as ReadResult
      const dec = tokenReads[erc++] as ReadResult
      if (!bal.ok) return unread(coin, `balanceOf: ${bal.error.message}`)
      if (!dec.ok) return unread(coin, `decimals: ${dec.error.message}`)
      if (typeof bal.value !== 'bigint' || typeof dec.value !== 'number')
        return unread(coin, 'balanceOf or decimals answered another type')
      raw = bal.value
      decimals = dec.value
    }
    const booked = bookedOf(coin)
    const onChain = tokenUnits(raw, decimals)
    const { gap, pct } = gapOf(booked.booked, onChain)
    const verdict = judgeToken({
      booked: booked.booked,
      onChain,
      thresholdPct: opts.thresholdPct,
      lag: lag?.blocks ?? null,
      maxLag: opts.maxScannerLag
    })
    return { ...booked, onChain, chainDecimals: decimals, gap, gapPct: pct, verdict }
  })
  return { ...base, block, tokens, problem: null }
}

/**
 * Last round's vault keys and their chains, per relay node and ViewController: the guess the books' reads are asked
 * with in the same round trip as the keys (maintainers.ts's lastEpochs says why), asked again only when the keys
 * changed. Bounded: a few profiles' worth.
 */
const lastKeys = new Map<string, { pubkeys: readonly string[]; chainIds: readonly bigint[] }>()
const LAST_KEYS_LIMIT = 16

/** Every vault's books against each chain's finalized balances, with a verdict per token. */
export async function readSolvency(opts: SolvencyOptions): Promise<SolvencyReport> {
  const { relayRpc: url, http } = opts
  const problems: string[] = []
  const bookReads = (pubkeys: readonly string[], chainIds: readonly bigint[]): ContractRead[] => [
    ...pubkeys.flatMap((pubkey) => [
      { abi: VIEW_ABI, address: opts.viewController, functionName: 'getVault', args: [pubkey] },
      { abi: TSS_MANAGER_ABI, address: opts.tssManager, functionName: 'getMembers', args: [pubkey] }
    ]),
    ...chainIds.map((c) => ({ abi: VIEW_ABI, address: opts.viewController, functionName: 'getChainName', args: [c] }))
  ]
  const key = `${url}|${opts.viewController}|${opts.tssManager}`.toLowerCase()
  const guess = lastKeys.get(key)
  const [keysRead, ...guessed] = await readContracts(
    url,
    [
      { abi: VIEW_ABI, address: opts.viewController, functionName: 'getPublicKeys' },
      ...(guess ? bookReads(guess.pubkeys, guess.chainIds) : [])
    ],
    'latest',
    http
  )
  if (!keysRead?.ok)
    throw keysRead?.error ?? new AppError({ kind: 'internal', message: 'getPublicKeys went missing' })
  const keys = shaped(publicKeysSchema, keysRead.value, 'getPublicKeys')
  const pubkeys = keys.map((k) => k.pubkey)
  const chainIds = [...new Set(keys.flatMap((k) => k.routers.map((r) => r.chain)))]
  const held =
    guess !== undefined &&
    guess.pubkeys.length === pubkeys.length &&
    guess.pubkeys.every((p, i) => p === pubkeys[i]) &&
    guess.chainIds.length === chainIds.length &&
    guess.chainIds.every((c, i) => c === chainIds[i])
  const reads = held ? guessed : await readContracts(url, bookReads(pubkeys, chainIds), 'latest', http)
  remember(lastKeys, key, { pubkeys, chainIds }, LAST_KEYS_LIMIT)
  const names = new Map<bigint, string | null>()
  chainIds.forEach((c, i) => {
    const r = reads[keys.length * 2 + i]
    names.set(c, r?.ok && typeof r.value === 'string' && r.value !== '' ? r.value : null)
  })
  const vaults = await Promise.all(
    keys.map(async (k, i) => {
      const vaultRead = reads[2 * i] as ReadResult
      const membersRead = reads[2 * i + 1] as ReadResult
      if (!vaultRead.ok) {
        problems.push(`ViewController.getVault(${k.pubkey.slice(0, 18)}…): ${vaultRead.error.message}`)
        return { pubkey: k.pubkey, members: [], chains: [] }
      }
      const vault = shaped(vaultViewSchema, vaultRead.value, 'getVault')
      let members = vault.members
      if (membersRead.ok && Array.isArray(membersRead.value)) members = membersRead.value as string[]
      else if (!membersRead.ok)
        problems.push(`TSSManager.getMembers(${k.pubkey.slice(0, 18)}…): ${membersRead.error.message}`)
      const chains = await Promise.all(
        vault.routerTokens.map((route) => chainOf(route, names.get(route.chain) ?? null, opts))
      )
      return { pubkey: k.pubkey, members, chains }
    })
  )
  return {
    relayRpc: url,
    viewController: opts.viewController,
    thresholdPct: opts.thresholdPct,
    maxScannerLag: opts.maxScannerLag,
    vaults,
    problems,
    readAt: (opts.now ?? Date.now)()
  }
}
