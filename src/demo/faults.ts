// Fault injection: one spec per operation or '*'. An operation's own spec wins over '*'. `rate` draws from
// a seeded PRNG so a flaky run replays the same way; `times` counts applied faults, then the spec clears.
import { z } from 'zod'
import { Rng, SALT } from './prng'
import type { FaultSpec, SimOperation } from './types'

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
