// tss_getVault's result shape is not published. We keep the result whole and recognise, where present,
// the shape MAP Protocol documents: an array of { epoch, public_key, status, chains[], addresses[{chain, address}] },
// or a single such object.
import { z } from 'zod'

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)])
)

const scalar = z.union([z.string(), z.number()])

export const vaultAddressSchema = z.looseObject({ chain: scalar, address: z.string() })

export const vaultRecordSchema = z.looseObject({
  epoch: scalar.optional(),
  public_key: z.string().optional(),
  status: scalar.optional(),
  chains: z.array(z.unknown()).optional(),
  addresses: z.array(vaultAddressSchema).optional()
})
export type VaultRecord = z.infer<typeof vaultRecordSchema>

export interface VaultResult {
  /** what was asked: 'latest' or the canonical hex quantity of the epoch */
  query: string
  /** the result exactly as the node sent it */
  raw: JsonValue
  /** the records recognised in it, or null when its shape is not the documented one */
  records: VaultRecord[] | null
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A record must show at least one documented field to count as recognised. */
function asRecord(value: unknown): VaultRecord | null {
  if (!isPlainObject(value)) return null
  if (!('epoch' in value || 'public_key' in value || 'addresses' in value)) return null
  const r = vaultRecordSchema.safeParse(value)
  return r.success ? r.data : null
}

/** The documented records in a tss_getVault result (an array of them, or one), or null for any other shape. */
export function recogniseVaultRecords(result: JsonValue): VaultRecord[] | null {
  if (Array.isArray(result)) {
    const records = result.map(asRecord)
    return records.length > 0 && records.every((r): r is VaultRecord => r !== null) ? records : null
  }
  const one = asRecord(result)
  return one ? [one] : null
}
