// MAP's TSS cross-chain API (mapprotocol/docs, api/tss-api.md): the shapes of its answers once the envelope
// is off, and the inputs its five operations take.
//
// Every schema here maps MAP's wire shape to our decoded shape and maps a decoded value to itself, so the one
// schema checks an answer at the edge and a cached copy read back from disk.
//
// Integers stay exact: the lossless parser hands over a safe integer as a number and anything beyond 2^53 as
// its text; both become canonical decimal text here and never pass through a double.
// (`chain_and_gas_limit` is a 63-digit integer; heights are int64 in MAP's server.)
import { z } from 'zod'
import { TSS_CHAIN_ID_RE, TSS_LEG_NAMES, TSS_TX_RE } from '../tss-names'

export { TSS_LEG_NAMES, type TssLegName } from '../tss-names'

/** Canonical decimal text of an integer: no plus sign, no leading zeros. */
export type ExactInt = string

const INT_TEXT = /^-?\d{1,80}$/

function canonicalInt(text: string): string {
  return BigInt(text).toString()
}

/** An integer as a JSON number (safe: the lossless parser gave it) or as decimal text. */
export const exactIntSchema = z.union([
  z.number().refine((n) => Number.isSafeInteger(n), 'an integer').transform((n) => String(n)),
  z.string().trim().regex(INT_TEXT, 'an integer as decimal text').transform(canonicalInt)
])

/** exactIntSchema, or null for a value MAP leaves out: absent, null or "" (its server's "not known yet"). */
export const exactIntOrNullSchema = z
  .union([z.null(), z.literal(''), exactIntSchema])
  .optional()
  .transform((v): ExactInt | null => (v === null || v === undefined || v === '' ? null : v))

/**
 * A chain id as MAP writes it: a string of digits ("22776", "1360095883558914"). A JSON number is taken too
 * (the ids are below 2^53, so a number is exact) and becomes the same text.
 */
export const chainTextSchema = z.union([
  z.string().trim().max(40, 'a chain id of at most 40 characters'),
  z.number().refine((n) => Number.isSafeInteger(n) && n >= 0, 'a chain id').transform((n) => String(n))
])

const shortText = (max: number) => z.string().max(max).nullable().optional().transform((v) => v ?? '')

/** One leg of an order: a transaction on one chain (CrossData). */
export interface TssLeg {
  chain: string
  tx_hash: string
  height: ExactInt | null
  log_index: ExactInt | null
  /** unix seconds: when MAP's observer recorded the leg */
  timestamp: ExactInt | null
  topic: string
  order_id: string
  chain_and_gas_limit: ExactInt | null
  is_memoized?: boolean
}

const legObjectSchema = z.looseObject({
  tx_hash: shortText(200),
  chain: chainTextSchema.nullable().optional().transform((v) => v ?? ''),
  height: exactIntOrNullSchema,
  log_index: exactIntOrNullSchema,
  timestamp: exactIntOrNullSchema,
  topic: shortText(200),
  order_id: shortText(200),
  chain_and_gas_limit: exactIntOrNullSchema,
  is_memoized: z.boolean().optional()
})

/**
 * A leg, or null for one not made yet. MAP leaves such a leg out, sends null (its server's nil pointer), or
 * an object with an empty tx_hash (a zero value): all three mean "not yet".
 */
export const tssLegSchema = legObjectSchema.nullable().optional().transform((v): TssLeg | null => {
  if (v === null || v === undefined || v.tx_hash.trim() === '') return null
  const leg: TssLeg = {
    chain: v.chain,
    tx_hash: v.tx_hash.trim(),
    height: v.height,
    log_index: v.log_index,
    timestamp: v.timestamp,
    topic: v.topic,
    order_id: v.order_id,
    chain_and_gas_limit: v.chain_and_gas_limit
  }
  if (v.is_memoized !== undefined) leg.is_memoized = v.is_memoized
  return leg
})


/** One order across every leg (CrossSet). */
export interface TssOrder {
  /** the record's order_id, or (MAP's example sends "" there) the one its legs carry */
  order_id: string
  src: TssLeg | null
  relay: TssLeg | null
  relay_signed: TssLeg | null
  dest: TssLeg | null
  map_dest: TssLeg | null
  /** the status number as exact text ("3"); any other text MAP might send is kept as sent; null when absent */
  status: string | null
  status_str: string
  /**
   * The server's clock (unix seconds) when it answered, or null. MAP's example sends 0 and the field table
   * says "Current timestamp"; 0 is read as "not given".
   */
  now: ExactInt | null
}

const statusSchema = z
  .union([z.null(), exactIntSchema, z.string().trim().max(40)])
  .optional()
  .transform((v) => (v === undefined || v === '' ? null : v))

export const tssOrderSchema = z
  .looseObject({
    order_id: shortText(200),
    src: tssLegSchema,
    relay: tssLegSchema,
    relay_signed: tssLegSchema,
    dest: tssLegSchema,
    map_dest: tssLegSchema,
    status: statusSchema,
    status_str: shortText(100),
    now: exactIntOrNullSchema
  })
  .transform((v): TssOrder => {
    const legs = TSS_LEG_NAMES.map((name) => v[name])
    const fromLeg = legs.find((l) => l !== null && l.order_id !== '')?.order_id ?? ''
    return {
      order_id: v.order_id !== '' ? v.order_id : fromLeg,
      src: v.src,
      relay: v.relay,
      relay_signed: v.relay_signed,
      dest: v.dest,
      map_dest: v.map_dest,
      status: v.status,
      status_str: v.status_str,
      now: v.now === '0' ? null : v.now
    }
  })

/** Whether MAP knows the order at all: its server answers an unknown id or hash with a record of no legs. */
export function isKnownOrder(order: TssOrder): boolean {
  return TSS_LEG_NAMES.some((name) => order[name] !== null)
}

/** getOrderSetByChainHeight's answer. */
export interface TssOrderSet {
  /** the chain's scan height when it answered (not the height asked for: see MAP's example) */
  height: ExactInt | null
  /** order ids, each once, in the order sent */
  set: string[]
}

const hashList = z
  .array(z.string().trim().min(1).max(200))
  .max(100_000)
  .nullable()
  .optional()
  .transform((v) => [...new Set(v ?? [])])

export const tssOrderSetSchema = z.looseObject({ height: exactIntOrNullSchema, set: hashList }).transform((v): TssOrderSet => ({ height: v.height, set: v.set }))

/** getChainTxHeight's answer: the height, or null when MAP has none for that chain (its server answers ""). */
export const tssHeightSchema = z.looseObject({ height: exactIntOrNullSchema }).transform((v) => v.height)

/** getChainPendingTxs's answer: the hashes, each once. */
export const tssPendingSchema = z.looseObject({ txs: hashList }).transform((v) => v.txs)

// ---- inputs -------------------------------------------------------------------------------------------

/** A chain id as the user gives it: decimal digits (a number is taken when exact); canonical text out. */
export const tssChainIdSchema = z
  .union([z.string(), z.number().refine((n) => Number.isSafeInteger(n), 'a whole number').transform((n) => String(n))])
  .transform((s) => s.trim())
  .pipe(z.string().regex(TSS_CHAIN_ID_RE, 'a chain id is a whole number of at most 20 digits').transform(canonicalInt))
  .refine((s) => s !== '0', 'a chain id is a positive integer')

/** A block height as the user gives it. */
export const tssHeightInputSchema = z
  .union([z.string(), z.number().refine((n) => Number.isSafeInteger(n), 'a whole number').transform((n) => String(n))])
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^\d{1,20}$/, 'a height is a whole number of at most 20 digits').transform(canonicalInt))

/** An order id: 0x and 64 hex digits (a bytes32), lower case as MAP's server writes it. */
export const tssOrderIdSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'an order id is 0x followed by 64 hex digits')
  .transform((s) => s.toLowerCase())

/**
 * A transaction hash on any leg's chain: EVM hashes with 0x, Bitcoin-style hex without it (MAP's pending
 * example), base58 signatures of other chains. Letters and digits only; kept as typed (trimmed), because
 * MAP looks hashes up by their exact text and a base58 one is case-sensitive.
 */
export const tssTxSchema = z
  .string()
  .trim()
  .regex(TSS_TX_RE, 'a transaction hash is 16 to 128 letters and digits, with or without 0x')

/** What the trace box takes: an order id or a transaction hash. */
export const tssTraceInputSchema = tssTxSchema
