// Schemas of the decoded records, as the client produces them and the cache stores them. The cache validates
// with these both before it writes (nothing invalid is stored) and when it reads (disk is hostile too).
import { z } from 'zod'
import {
  chainDetailSchema,
  chainRecordSchema,
  decodeIssueSchema,
  receivedTokenSchema,
  stableValueSchema,
  tokenDetailSchema,
  tokenListSchema,
  transferDetailWireSchema,
  transferTimesSchema,
  transferRecordWireSchema
} from './wire'
import { jsonValueSchema, vaultRecordSchema } from './vault'
import { transferOriginSchema } from './origin'
import { outcomeSchema } from '../outcome'

export const transferRecordSchema = transferRecordWireSchema.extend({
  fromChainObject: chainDetailSchema.nullable(),
  toChainObject: chainDetailSchema.nullable(),
  tokenObject: tokenDetailSchema.nullable(),
  stable: stableValueSchema.nullable(),
  issues: z.array(decodeIssueSchema),
  received: receivedTokenSchema.nullable().optional(),
  origin: transferOriginSchema.optional(),
  outcome: outcomeSchema.optional()
})

export const historyPageSchema = z.object({ list: z.array(transferRecordSchema), total: z.int().nonnegative(), totalKnown: z.literal(false).optional() })

export const transferDetailSchema = transferDetailWireSchema.extend({
  fromChainObject: chainDetailSchema.nullable(),
  toChainObject: chainDetailSchema.nullable(),
  tokenObject: tokenDetailSchema.nullable(),
  relayerObject: chainDetailSchema.nullable(),
  issues: z.array(decodeIssueSchema),
  origin: transferOriginSchema.optional(),
  outcome: outcomeSchema.optional(),
  times: transferTimesSchema.optional(),
  receiveSymbol: z.string().nullable().optional(),
  receiveToken: receivedTokenSchema.nullable().optional()
})

export const chainListSchema = z.array(chainRecordSchema)
export { tokenListSchema }

export const vaultResultSchema = z.object({
  query: z.string(),
  raw: jsonValueSchema,
  records: z.array(vaultRecordSchema).nullable()
})
