// Checks legs against their chains: which RPC to ask, the reads (a leg's receipt, its transaction only when
// there is no receipt; the chain id and head once per RPC; all asked at once, so they share batches), the outcome, and the memory of earlier answers. A check is kept per chain and hash with the block it was found in. A transaction deeper than
// `finalityDepth` blocks is not asked about again (no reorg can matter there); anything shallower, pending,
// not found or unanswered is asked again each time, and a transaction that was in one block and is now in
// another, or in none, says so (`reorg`).
import { AppError } from '@shared/errors'
import { redactText, redactUrl } from '@shared/redact'
import type { ChainOutcome, LegCheck, LegClaim } from '@shared/chain-check'
import { httpUrl } from '../client'
import type { Fetch } from '../net'
import { EvmRpc } from './evm-rpc'
import { evaluateLeg } from './evaluate'

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
  /** confirmations past which a confirmed check is kept without asking again; 64 unless said */
  finalityDepth?: number
  /** checks remembered, least recently used out first; 10,000 unless said */
  maxEntries?: number
  now?: () => number
}

/** The user's own RPC URLs by chain id (Settings), which win over the service's. */
export type RpcOverrides = Readonly<Record<string, string>>

interface Memory {
  check: LegCheck
  /** the block the transaction was last seen in, kept through a reorg that dropped it */
  lastBlock: number | null
}

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/

function blockOf(o: ChainOutcome): number | null {
  return o.kind === 'confirmed' || o.kind === 'reverted' || o.kind === 'disagrees' ? o.block : null
}
function confirmationsOf(o: ChainOutcome): number {
  return o.kind === 'confirmed' || o.kind === 'reverted' || o.kind === 'disagrees'
    ? (o.confirmations ?? 0)
    : 0
}

/** The RPC URL a leg is checked on: the user's for its chain, else the service's; null when neither. */
export function rpcUrlFor(
  claim: Pick<LegClaim, 'chainId' | 'serviceRpc'>,
  overrides: RpcOverrides
): string | null {
  const own = claim.chainId === null ? undefined : overrides[String(claim.chainId)]
  return own?.trim() || claim.serviceRpc?.trim() || null
}

export class ChainChecker {
  private readonly memory = new Map<string, Memory>()
  private readonly rpcs = new Map<string, EvmRpc>()
  private readonly chainIds = new Map<string, Promise<number>>()
  private readonly now: () => number
  private readonly finalityDepth: number
  private readonly maxEntries: number

  constructor(private readonly opts: ChainCheckerOptions = {}) {
    this.now = opts.now ?? Date.now
    this.finalityDepth = opts.finalityDepth ?? 64
    this.maxEntries = opts.maxEntries ?? 10_000
  }

  /** Every leg at once; legs on one RPC share its chain id and head for this call. */
  async checkLegs(claims: readonly LegClaim[], overrides: RpcOverrides = {}): Promise<LegCheck[]> {
    const heads = new Map<string, Promise<number>>()
    return Promise.all(claims.map((claim) => this.checkLeg(claim, overrides, heads)))
  }

  /** Forgets every remembered check (a profile switch: other chains, other RPCs). */
  clear(): void {
    this.memory.clear()
    this.rpcs.clear()
    this.chainIds.clear()
  }

  private base(claim: LegClaim, rpc: string | null): Omit<LegCheck, 'outcome'> {
    return {
      role: claim.role,
      chainId: claim.chainId,
      chainName: claim.chainName,
      hash: claim.hash,
      rpc: rpc === null ? null : redactUrl(rpc),
      reorg: null,
      checkedAt: this.now(),
      cached: false
    }
  }

  private async checkLeg(
    claim: LegClaim,
    overrides: RpcOverrides,
    heads: Map<string, Promise<number>>
  ): Promise<LegCheck> {
    const url = rpcUrlFor(claim, overrides)
    const cannot = (reason: string): LegCheck => ({
      ...this.base(claim, url),
      outcome: { kind: 'cannot-check', reason }
    })
    if (claim.hash === null) return cannot('the service names no transaction for this leg yet')
    if (!EVM_HASH.test(claim.hash))
      return cannot('not an EVM transaction hash (a chain without EVM JSON-RPC)')
    if (claim.chainId === null) return cannot('the service names no chain for this leg')
    if (url === null) return cannot(`no RPC known for chain ${claim.chainId}: add one in Settings`)
    try {
      httpUrl(url, 'rpc')
    } catch (error) {
      return cannot(error instanceof Error ? redactText(error.message) : 'the RPC URL is not usable')
    }
    const key = `${claim.chainId}|${claim.hash.toLowerCase()}`
    const before = this.memory.get(key)
    if (
      before &&
      blockOf(before.check.outcome) !== null &&
      confirmationsOf(before.check.outcome) >= this.finalityDepth &&
      before.check.reorg === null
    ) {
      this.touch(key, before)
      return { ...before.check, cached: true }
    }
    const rpc = this.rpc(url)
    let answered: number
    let outcome: ChainOutcome
    try {
      const chainId = this.chainId(url, rpc)
      let head = heads.get(url)
      if (!head) heads.set(url, (head = rpc.blockNumber()))
      // The receipt first: a mined leg's receipt says all the check reads (block, sender, contract, token
      // moves), so its transaction is asked only when there is no receipt, to tell pending from not found.
      // Asking both every time cost one round trip in two on the RPC's `concurrency` slots.
      const hash = claim.hash
      const [id, receipt, height] = await Promise.all([chainId, rpc.receipt(hash), head])
      answered = id
      if (answered === claim.chainId) {
        const tx = receipt === null ? await rpc.transaction(hash) : null
        outcome = evaluateLeg(claim, tx, receipt, height)
      } else outcome = { kind: 'wrong-chain', expected: claim.chainId, answered }
    } catch (error) {
      const message = error instanceof AppError || error instanceof Error ? error.message : String(error)
      return cannot(`the RPC ${redactUrl(url)} did not answer: ${redactText(message)}`)
    }
    const check: LegCheck = { ...this.base(claim, url), outcome }
    if (outcome.kind === 'wrong-chain') return check
    const block = blockOf(outcome)
    const lastBlock = before?.lastBlock ?? null
    if (lastBlock !== null && block !== lastBlock) check.reorg = { previousBlock: lastBlock, now: block }
    if (block !== null || lastBlock !== null) this.touch(key, { check, lastBlock: block ?? lastBlock })
    return check
  }

  private rpc(url: string): EvmRpc {
    let rpc = this.rpcs.get(url)
    if (!rpc) {
      rpc = new EvmRpc(url, {
        timeoutMs: this.opts.timeoutMs ?? 10_000,
        retries: this.opts.retries ?? 1,
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
