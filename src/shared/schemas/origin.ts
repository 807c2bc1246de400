// Which service answered a transfer, and in which units it wrote the amounts. Our original query service
// ("mcs") sends raw smallest units; Butter's swap-data API sends raw units in its history, human units in its
// single-transfer answers; MAP's Bridge Scan API sends no amounts at all. A record without an origin is our
// original dialect's, so every stored and cached record from before keeps its meaning.
import { z } from 'zod'
import { dialectSchema } from '../dialects'

/**
 * raw: smallest units, scaled by the token's decimals; human: token units, the digits as the service sent
 * them; absent: the record has no such amount (see notProvided for whether the service ever gives one).
 */
export const amountUnitSchema = z.enum(['raw', 'human', 'absent'])
export type AmountUnit = z.infer<typeof amountUnitSchema>

export const transferOriginSchema = z.object({
  dialect: dialectSchema,
  /** unit of `amount` (history) and `sending` (one transfer) */
  amount: amountUnitSchema,
  /** unit of `inAmount` (history) and `receiving` (one transfer) */
  inAmount: amountUnitSchema,
  /** the dialect's own word for the record's state, from its docs ("crossing", "refund", …); null when none */
  stateMeaning: z.string().nullable(),
  /** fields that hold placeholders because this service does not provide them: shown as not provided */
  notProvided: z.array(z.string())
})
export type TransferOrigin = z.infer<typeof transferOriginSchema>

export const NOT_PROVIDED = 'not provided by this service'
export const NOT_YET_KNOWN = 'not known yet'

/**
 * The state a record is given when its service sends none (MAP's Bridge Scan history): no service uses a
 * negative state, so -1 cannot be mistaken for one, and every reader writes it as not provided.
 */
export const STATE_NOT_PROVIDED = -1

/** True when `field` of a record is a placeholder: the service that answered does not provide it. */
export function notProvided(origin: TransferOrigin | undefined, field: string): boolean {
  return origin?.notProvided.includes(field) ?? false
}
