// Checks legs against their chains: which RPC to ask (the user's for the chain, else the one the service's
// chain list names), the reads and their proofs, the outcome, and the memory of earlier answers.
//
// The reads, in two dependency levels that every leg on one RPC shares (./evm-rpc.ts batches each level):
//   1. eth_chainId (once per RPC per checker), eth_blockNumber (once per RPC per check), each leg's receipt,
//      and each token's decimals() and symbol() at the address the token list names (once per RPC and token)
//   2. the chain's block at each receipt's height and the block at the head: a receipt counts only when it is
//      the receipt of the hash asked, its block hash is the chain's block at its height, and that height is at
//      or below a head whose own block the chain returns; confirmations are counted from that head. A leg
//      without a receipt asks its transaction instead, to tell pending from not found.
// A leg's block time must not be before the source leg's (a delivery cannot precede what it delivers).
//
// A confirmation deeper than `finalityDepth` blocks is kept with its block hash; shown again after
// `reproveAfterMs` its block is asked for again and must still have that hash, else it is undone and the leg
// checked afresh (`reorg`). Anything shallower, pending, not found or unanswered is asked again each time.
import { AppError } from '@shared/errors'
import { redactText, redactUrl } from '@shared/redact'
import type { ChainOutcome, CheckDifference, LegCheck, LegClaim, ProvenBlock, RpcSource } from '@shared/chain-check'
import { httpUrl } from '../client'
import type { Fetch } from '../net'
import { EvmRpc, type ChainBlock } from './evm-rpc'
import { evaluateLeg, type ChainToken } from './evaluate'
import { readBlockTimes, type BlockLeg, type BlockTimeAnswer } from './block-times'

export interface ChainCheckerOptions {
  fetch?: Fetch
  /** per request; 10 s unless said */
  timeoutMs?: number
  /** extra attempts for a node that stumbles; 1 unless said */
  retries?: number
  /** requests in flight per RPC URL; 8 unless said */
  concurrency?: number
  /** calls sent together in one JSON-RPC batch; 1 sends each alone; 32 unless said (./evm-rpc.ts) */
  batchSize?: number
  /** confirmations past which a confirmed check is kept with its block hash; 64 unless said */
  finalityDepth?: number
  /** how long a kept confirmation is shown without its block being asked for again; 30 s unless said */
  reproveAfterMs?: number
  /**
   * the largest answer taken from an RPC, batch or single; 8 MiB unless said (a batch of 32 receipts of busy
   * transactions stays well under it). An answer past it makes its legs "cannot check" at once.
   */
  maxBytes?: number
  /** checks remembered, least recently used out first; 10,000 unless said */
  maxEntries?: number
  now?: () => number
}

/** The user's own RPC URLs by chain id (Settings), which win over the service's. */
export type RpcOverrides = Readonly<Record<string, string>>

interface Memory {
  check: LegCheck
  /** the block the transaction was last seen in, and its hash, kept through a reorg that dropped it */
  lastBlock: number | null
  lastHash: string | null
  /** epoch ms of the last proof of `lastHash` at `lastBlock` */
  provenAt: number
}

/** What one call of checkLegs shares per RPC: the head it read and the head's block. */
interface Heads {
  number: Map<string, Promise<number>>
  block: Map<string, Promise<ChainBlock | null>>
}

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/

function provenOf(o: ChainOutcome): { block: number; blockHash: string | null; blockTime: number | null; confirmations: number } | null {
  if (o.kind === 'confirmed' || o.kind === 'reverted') return o
  if (o.kind === 'disagrees' && o.block !== null) return { block: o.block, blockHash: o.blockHash, blockTime: o.blockTime, confirmations: o.confirmations ?? 0 }
  return null
}

/** The RPC URL a leg is checked on and whose it is: the user's for its chain, else the chain list's; null when neither. */
export function rpcUrlFor(claim: Pick<LegClaim, 'chainId' | 'serviceRpc'>, overrides: RpcOverrides): { url: string; source: RpcSource } | null {
  const own = claim.chainId === null ? undefined : overrides[String(claim.chainId)]?.trim()
  if (own) return { url: own, source: 'user' }
  const listed = claim.serviceRpc?.trim()
  return listed ? { url: listed, source: 'service' } : null
}

const sameUrl = (a: string, b: string): boolean => a.trim().replace(/\/+$/, '').toLowerCase() === b.trim().replace(/\/+$/, '').toLowerCase()

/** What the record names about its own chains and its chain list does not: a disagreement, never a source. */
export function recordDifferences(claim: LegClaim): CheckDifference[] {
  const out: CheckDifference[] = []
  if (claim.recordRpc && claim.serviceRpc && !sameUrl(claim.recordRpc, claim.serviceRpc)) {
    out.push({ field: 'rpc', service: redactUrl(claim.recordRpc), chain: redactUrl(claim.serviceRpc), against: 'chain list' })
  }
  if (claim.recordContract && claim.contract && claim.recordContract.toLowerCase() !== claim.contract.toLowerCase()) {
    out.push({ field: 'contract', service: claim.recordContract, chain: claim.contract, against: 'chain list' })
  }
  return out
}

/** A leg's outcome with the record's own contradictions added: any of them makes the leg disagree. */
function withRecordDifferences(outcome: ChainOutcome, extra: readonly CheckDifference[]): ChainOutcome {
  if (extra.length === 0 || outcome.kind === 'reverted') return outcome
  if (outcome.kind === 'disagrees') return { ...outcome, differences: [...extra, ...outcome.differences] }
  const proven = provenOf(outcome)
  return {
    kind: 'disagrees',
    block: proven?.block ?? null,
    blockHash: proven?.blockHash ?? null,
    blockTime: proven?.blockTime ?? null,
    confirmations: proven?.confirmations ?? null,
    differences: [...extra]
  }
}

/**
 * How far block times on two chains may disagree with the world's clock between them. A block producer's clock
 * may run ahead: go-ethereum refuses a block stamped more than 15 s in the future and takes one within that
 * (`allowedFutureBlockTime`, consensus/ethash and consensus/clique), a rule the geth-derived chains keep. A
 * solver's delivery seconds after its source can thus be stamped before it without anyone lying; a record
 * naming an older transaction as its delivery is older than this by far.
 */
const BLOCK_CLOCK_SKEW_S = 15

/** Each leg mined before the source leg (beyond the clocks' skew) disagrees on time: a delivery cannot come before what it delivers. */
function timeOrdered(checks: LegCheck[]): LegCheck[] {
  const source = checks.find((c) => c.role === 'Source')
  const start = source ? provenOf(source.outcome)?.blockTime : null
  if (start === null || start === undefined) return checks
  return checks.map((c) => {
    const t = c.role === 'Source' ? null : provenOf(c.outcome)?.blockTime
    if (t === null || t === undefined || t >= start - BLOCK_CLOCK_SKEW_S || c.outcome.kind === 'reverted') return c
    const iso = (s: number): string => new Date(s * 1000).toISOString()
    return { ...c, outcome: withRecordDifferences(c.outcome, [{ field: 'time', service: `after the source leg (mined ${iso(start)})`, chain: `mined ${iso(t)}, before the source leg` }]) }
  })
}

export class ChainChecker {
  private readonly memory = new Map<string, Memory>()
  private readonly rpcs = new Map<string, EvmRpc>()
  private readonly chainIds = new Map<string, Promise<number>>()
  private readonly tokens = new Map<string, Promise<ChainToken>>()
  private readonly now: () => number
  private readonly finalityDepth: number
  private readonly reproveAfterMs: number
  private readonly maxEntries: number

  constructor(private readonly opts: ChainCheckerOptions = {}) {
    this.now = opts.now ?? Date.now
    this.finalityDepth = opts.finalityDepth ?? 64
    this.reproveAfterMs = opts.reproveAfterMs ?? 30_000
    this.maxEntries = opts.maxEntries ?? 10_000
  }

  /** Every leg at once; legs on one RPC share its chain id, head and head block for this call. */
  async checkLegs(claims: readonly LegClaim[], overrides: RpcOverrides = {}): Promise<LegCheck[]> {
    const heads: Heads = { number: new Map(), block: new Map() }
    const checked = await Promise.all(claims.map((claim) => this.checkLeg(claim, overrides, heads)))
    const ordered = timeOrdered(checked.map((c) => c.check))
    return ordered.map((check, i) => {
      const { remember } = checked[i]!
      if (remember) this.remember(remember, check)
      return check
    })
  }

  /** Each leg's block at the height the service names, on the same RPCs and chain ids as the checks (./block-times.ts). */
  blockTimes(legs: readonly BlockLeg[], overrides: RpcOverrides = {}): Promise<BlockTimeAnswer[]> {
    return readBlockTimes(legs, { rpcFor: (leg) => rpcUrlFor(leg, overrides), rpc: (url) => this.rpc(url), chainId: (url, rpc) => this.chainId(url, rpc) })
  }

  /** Forgets every remembered check (a profile switch: other chains, other RPCs). */
  clear(): void {
    this.memory.clear()
    this.rpcs.clear()
    this.chainIds.clear()
    this.tokens.clear()
  }

  private base(claim: LegClaim, rpc: { url: string; source: RpcSource } | null): Omit<LegCheck, 'outcome'> {
    return {
      role: claim.role,
      chainId: claim.chainId,
      chainName: claim.chainName,
      hash: claim.hash,
      rpc: rpc === null ? null : redactUrl(rpc.url),
      rpcSource: rpc?.source ?? null,
      reorg: null,
      checkedAt: this.now(),
      cached: false
    }
  }

  private async checkLeg(claim: LegClaim, overrides: RpcOverrides, heads: Heads): Promise<{ check: LegCheck; remember: { key: string; before: Memory | undefined } | null }> {
    const rpcOf = rpcUrlFor(claim, overrides)
    const extra = recordDifferences(claim)
    const done = (outcome: ChainOutcome): { check: LegCheck; remember: null } => ({
      check: { ...this.base(claim, rpcOf), outcome: withRecordDifferences(outcome, extra) },
      remember: null
    })
    const cannot = (reason: string): { check: LegCheck; remember: null } => done({ kind: 'cannot-check', reason })
    if (claim.hash === null) return cannot('the service names no transaction for this leg yet')
    if (!EVM_HASH.test(claim.hash)) return cannot('not an EVM transaction hash (a chain without EVM JSON-RPC, or no transaction at all)')
    if (claim.chainId === null) return cannot('the service names no chain for this leg')
    if (rpcOf === null) {
      const own = claim.recordRpc ? ` (the RPC the record itself names, ${redactUrl(claim.recordRpc)}, is not a source)` : ''
      return cannot(`no RPC known for chain ${claim.chainId}: the service's chain list names none${own}; add one in Settings or with --chain-rpc`)
    }
    const url = rpcOf.url
    try {
      httpUrl(url, 'rpc')
    } catch (error) {
      return cannot(error instanceof Error ? redactText(error.message) : 'the RPC URL is not usable')
    }
    const key = `${claim.chainId}|${claim.hash.toLowerCase()}`
    const before = this.memory.get(key)
    const rpc = this.rpc(url)
    const failed = (error: unknown): string => {
      const message = error instanceof AppError || error instanceof Error ? error.message : String(error)
      return `the RPC ${redactUrl(url)} did not answer: ${redactText(message)}`
    }
    const kept = before ? provenOf(before.check.outcome) : null
    if (before && kept && before.check.outcome.kind === 'confirmed' && kept.confirmations >= this.finalityDepth && before.check.reorg === null && kept.blockHash) {
      this.touch(key, before)
      if (this.now() - before.provenAt < this.reproveAfterMs) return { check: { ...before.check, cached: true }, remember: null }
      try {
        const [id, block] = await Promise.all([this.chainId(url, rpc), rpc.blockAt(kept.block)])
        if (id === claim.chainId && block !== null && block.hash.toLowerCase() === kept.blockHash.toLowerCase()) {
          before.provenAt = this.now()
          return { check: { ...before.check, checkedAt: this.now(), cached: true }, remember: null }
        }
      } catch (error) {
        return cannot(`the confirmation kept from block ${kept.block} could not be proven again: ${failed(error)}`)
      }
      // the kept block is no longer the chain's: checked afresh below, and the reorg said
    }
    let outcome: ChainOutcome
    try {
      outcome = await this.read(claim, claim.hash, rpc, url, heads)
    } catch (error) {
      return cannot(failed(error))
    }
    return { check: { ...this.base(claim, rpcOf), outcome: withRecordDifferences(outcome, extra) }, remember: { key, before } }
  }

  /** The leg's reads and proofs (see the top of this file), and its outcome. */
  private async read(claim: LegClaim, hash: string, rpc: EvmRpc, url: string, heads: Heads): Promise<ChainOutcome> {
    const expected = claim.chainId as number
    let head = heads.number.get(url)
    if (!head) heads.number.set(url, (head = rpc.blockNumber()))
    const tokenAddress = claim.token?.address ?? null
    const token = tokenAddress === null ? null : this.token(url, rpc, tokenAddress)
    // a token read that fails is this leg's to report, once its receipt is known
    token?.catch(() => undefined)
    const [id, receipt, height] = await Promise.all([this.chainId(url, rpc), rpc.receipt(hash), head])
    if (id !== expected) return { kind: 'wrong-chain', expected, answered: id }
    if (receipt === null) {
      const tx = await rpc.transaction(hash)
      if (tx === null) return { kind: 'not-found' }
      if (tx.hash.toLowerCase() !== hash.toLowerCase()) return { kind: 'cannot-check', reason: `asked for transaction ${hash}, the RPC answered with ${tx.hash}` }
      return { kind: 'pending' }
    }
    if (receipt.transactionHash.toLowerCase() !== hash.toLowerCase()) {
      return { kind: 'cannot-check', reason: `asked for the receipt of ${hash}, the RPC answered with the receipt of ${receipt.transactionHash}` }
    }
    let headBlock = heads.block.get(url)
    if (!headBlock) heads.block.set(url, (headBlock = rpc.blockAt(height)))
    const [block, top] = await Promise.all([rpc.blockAt(receipt.blockNumber), headBlock])
    if (top === null || top.number !== height) return { kind: 'cannot-check', reason: `the RPC says its head is block ${height}, but has no block ${height} to show` }
    if (receipt.blockNumber > height) return { kind: 'cannot-check', reason: `the receipt names block ${receipt.blockNumber}, past the chain's head ${height}` }
    if (block === null || block.number !== receipt.blockNumber || block.hash.toLowerCase() !== receipt.blockHash.toLowerCase()) {
      return {
        kind: 'cannot-check',
        reason: `the receipt names block ${receipt.blockNumber} as ${receipt.blockHash}, but the chain's block ${receipt.blockNumber} is ${block?.hash ?? 'not there'} (a receipt from an orphaned block, or forged)`
      }
    }
    const proven: ProvenBlock = { block: block.number, blockHash: block.hash, blockTime: block.timestamp, confirmations: height - block.number + 1 }
    let chainToken: ChainToken | null = null
    if (token) {
      try {
        chainToken = await token
      } catch (error) {
        return { kind: 'cannot-check', reason: `the token ${tokenAddress} could not be identified on chain ${expected}: ${redactText(error instanceof Error ? error.message : String(error))}` }
      }
    }
    return evaluateLeg(claim, receipt, proven, chainToken)
  }

  private remember(at: { key: string; before: Memory | undefined }, check: LegCheck): void {
    const proven = provenOf(check.outcome)
    const lastBlock = at.before?.lastBlock ?? null
    const lastHash = at.before?.lastHash ?? null
    if (lastBlock !== null && (proven?.block !== lastBlock || (proven.blockHash !== null && lastHash !== null && proven.blockHash.toLowerCase() !== lastHash.toLowerCase()))) {
      check.reorg = { previousBlock: lastBlock, now: proven?.block ?? null, previousHash: lastHash }
    }
    if (proven !== null || lastBlock !== null) {
      this.touch(at.key, { check, lastBlock: proven?.block ?? lastBlock, lastHash: proven ? proven.blockHash : lastHash, provenAt: this.now() })
    }
  }

  private rpc(url: string): EvmRpc {
    let rpc = this.rpcs.get(url)
    if (!rpc) {
      rpc = new EvmRpc(url, {
        timeoutMs: this.opts.timeoutMs ?? 10_000,
        retries: this.opts.retries ?? 1,
        maxBytes: this.opts.maxBytes ?? 8 * 1024 * 1024,
        ...(this.opts.concurrency === undefined ? {} : { concurrency: this.opts.concurrency }),
        ...(this.opts.batchSize === undefined ? {} : { batchSize: this.opts.batchSize }),
        ...(this.opts.fetch ? { fetch: this.opts.fetch } : {})
      })
      this.rpcs.set(url, rpc)
    }
    return rpc
  }

  /** A node's chain id does not change: asked once per URL, asked again only after a failure. */
  private chainId(url: string, rpc: EvmRpc): Promise<number> {
    let id = this.chainIds.get(url)
    if (!id) {
      id = rpc.chainId()
      this.chainIds.set(url, id)
      id.catch(() => this.chainIds.delete(url))
    }
    return id
  }

  /** A token's decimals and symbol as its contract answers them: asked once per RPC and token, again after a failure. */
  private token(url: string, rpc: EvmRpc, address: string): Promise<ChainToken> {
    const key = `${url}|${address.toLowerCase()}`
    let token = this.tokens.get(key)
    if (!token) {
      token = Promise.all([rpc.decimals(address), rpc.symbol(address).catch(() => null)]).then(([decimals, symbol]) => ({ address, decimals, symbol }))
      this.tokens.set(key, token)
      token.catch(() => this.tokens.delete(key))
    }
    return token
  }

  private touch(key: string, memory: Memory): void {
    this.memory.delete(key)
    this.memory.set(key, memory)
    while (this.memory.size > this.maxEntries) {
      const oldest = this.memory.keys().next().value
      if (oldest === undefined) break
      this.memory.delete(oldest)
    }
  }
}
