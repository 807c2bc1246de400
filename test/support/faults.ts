// Fault injection: one spec per operation or '*'. An operation's own spec wins over '*'. `rate` draws from
// a seeded PRNG so a flaky run replays the same way; `times` counts applied faults, then the spec clears.
import { z } from 'zod'
import { Rng, SALT } from '../../src/demo/prng'
import type { SimOperation } from '../../src/demo/types'

export const SIM_OPERATIONS = [
  'queryHistory',
  'queryBridgeInfo',
  'queryTokenList',
  'queryChainList',
  'tss_getVault'
] as const satisfies readonly SimOperation[]

const codeMessage = z.object({ code: z.int(), message: z.string() })

/** FaultSpec as accepted by the HTTP control surface. */
export const faultSpecSchema = z.strictObject({
  latencyMs: z.number().nonnegative().max(600_000).optional(),
  status: z.int().min(100).max(599).optional(),
  html: z.boolean().optional(),
  truncate: z.boolean().optional(),
  hang: z.boolean().optional(),
  dripMs: z.int().min(1).max(60_000).optional(),
  envelope: codeMessage.optional(),
  wrongTypes: z.boolean().optional(),
  hugeBodyMb: z.number().positive().max(1024).optional(),
  rpcError: codeMessage.optional(),
  badId: z.boolean().optional(),
  rate: z.number().min(0).max(1).optional(),
  times: z.int().positive().optional()
})

export const faultRequestSchema = z.object({
  op: z.enum([...SIM_OPERATIONS, '*']),
  spec: faultSpecSchema.nullable()
})

interface Entry {
  spec: FaultSpec
  remaining: number
}

export class FaultTable {
  private readonly entries = new Map<SimOperation | '*', Entry>()
  private readonly rng: Rng

  constructor(seed: number) {
    this.rng = Rng.of(seed, SALT.faults)
  }

  set(op: SimOperation | '*', spec: FaultSpec | null): void {
    if (spec === null) this.entries.delete(op)
    else this.entries.set(op, { spec: { ...spec }, remaining: spec.times ?? Infinity })
  }

  clear(): void {
    this.entries.clear()
  }

  /**
   * The standing fault every operation shares ('*'), for routes outside the operation list (the TSS API,
   * which the app polls on its own schedule). A counted ('times') or random ('rate') fault is left to the
   * operations it was set for: a background poll must not use up a test's next failures.
   */
  peekShared(): FaultSpec | null {
    const spec = this.entries.get('*')?.spec
    return spec && spec.times === undefined && spec.rate === undefined ? spec : null
  }

  /** the fault to apply to this request, if any (consumes one of `times`) */
  take(op: SimOperation): FaultSpec | null {
    const key: SimOperation | '*' = this.entries.has(op) ? op : '*'
    const entry = this.entries.get(key)
    if (!entry) return null
    if (entry.spec.rate !== undefined && this.rng.float() >= entry.spec.rate) return null
    entry.remaining -= 1
    if (entry.remaining <= 0) this.entries.delete(key)
    return entry.spec
  }
}

export interface FaultSpec {
  latencyMs?: number
  /** HTTP status with a JSON body, e.g. 500, 502, 503, 429 */
  status?: number
  /** HTTP 502 with an HTML page body */
  html?: boolean
  /** valid response cut in half */
  truncate?: boolean
  /** held unanswered until released (Simulator.releaseHeld, POST /__sim/release) or closed */
  hang?: boolean
  /** headers at once, then the valid body one byte every N ms (a reply that has started, then crawls) */
  dripMs?: number
  /** HTTP 200, code ≠ 200 */
  envelope?: { code: number; message: string }
  /** fields with wrong JSON types, e.g. total:"x", chainId:"abc" */
  wrongTypes?: boolean
  /** a valid-looking body of N MB */
  hugeBodyMb?: number
  /** JSON-RPC error object (tss_getVault only) */
  rpcError?: { code: number; message: string }
  /** JSON-RPC answer with another id (tss_getVault only) */
  badId?: boolean
  /** probability 0..1 that a request gets the fault, default 1, deterministic PRNG */
  rate?: number
  /** apply to the next N matching requests only, then clear */
  times?: number
}

/** what the rig has seen */
export interface SimStats {
  requests: Record<SimOperation, number>
  /** requests a hang fault is holding now */
  held: number
  /**
   * per operation, the requests a latency fault delayed and the delay they were actually served (from the
   * gate taking the request to the answer leaving it): on a busy machine a timer fires late, and a bench that
   * judges a client against the ideal needs the latency the service really had
   */
  latencyServed: Record<SimOperation, { requests: number; ms: number }>
}
