// What the successor dialects' decoders share: chain ids written as strings or numbers, the three ways their
// times are written, amounts as exact text, and a zod failure turned into the same 'decode' error the original
// dialect gives (operation, the field's path, zod's reason).
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { wireDecimal, type ChainDetail, type TokenDetail, type TransferRecord } from '@shared/schemas/wire'
import { unwrapEnvelope } from './envelope'
import { parseBody } from './lossless-json'

/** A chain id as "56" or 56: a whole number that JavaScript holds exactly. */
export const chainIdText = z
  .union([z.string().regex(/^\d{1,16}$/, 'a chain id'), z.int().nonnegative()])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v)
    if (!Number.isSafeInteger(n)) ctx.addIssue({ code: 'custom', message: 'a chain id JavaScript can hold exactly' })
    return n
  })

/**
 * An amount as its exact decimal text. Numbers reach the schema as text already when JSON.parse would round
 * them (parseLossless keeps every fraction and every integer past 15 digits as its wire text); the rest are
 * whole numbers JSON.parse gave exactly, written back as the same digits.
 */
export const exactAmount = z.union([wireDecimal, z.int()]).transform((v) => (typeof v === 'number' ? String(v) : v))

const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/** Epoch ms → 'yyyy-MM-dd HH:mm:ss' in UTC, the original dialect's way of writing a time. */
export function wireTimeOf(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** A time as 'yyyy-MM-dd HH:mm:ss' (UTC), ISO 8601 with an offset, or epoch milliseconds → 'yyyy-MM-dd HH:mm:ss' UTC. */
export const anyTime = z.union([z.string(), z.int().nonnegative()]).transform((v, ctx) => {
  if (typeof v === 'number') return wireTimeOf(v)
  if (WIRE_TIME.test(v)) return v
  if (ISO_TIME.test(v)) {
    const ms = Date.parse(v)
    if (!Number.isNaN(ms)) return wireTimeOf(ms)
  }
  ctx.addIssue({ code: 'custom', message: 'a time as "yyyy-MM-dd HH:mm:ss", ISO 8601 with an offset, or epoch milliseconds' })
  return z.NEVER
})

/**
 * A block height as a whole number, or its digits as a string: Butter's SDK types heights as numbers
 * (butternetwork/butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-sdk/src/types/response.ts,
 * `sourceHeight: number`) while its WDK reads every id and number through String()/Number()
 * (butternetwork/wdk-protocol-swidge-butter@4c12deba0a56e0d27998db41bf64159b5ff658e7:src/status.ts): both read "30328761".
 */
export const heightSchema = z
  .union([z.int().nonnegative(), z.string().regex(/^\d{1,16}$/, 'a block height')])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v)
    if (!Number.isSafeInteger(n)) ctx.addIssue({ code: 'custom', message: 'a block height JavaScript can hold exactly' })
    return n
  })

/**
 * A successor's chain object ({chainId, chainName, scanUrl, chainImg}, Bridge Scan adds mosContract). Butter's
 * SDK types every member nullable (`SwapHistoryChainItem`: id, chainId, chainName, scanUrl, chainImg are
 * `… | null`, butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-sdk/src/types/response.ts) and its
 * widget draws such a chain with `chain?.chainImg || ""` (packages/butter-widget/src/components/history-main-card/
 * history-item.tsx): a null member is read as not given, the chain id taken from the record when the object has none.
 */
export const legChainSchema = z.object({
  id: z.int().nullable().optional(),
  chainId: chainIdText.nullable().optional(),
  chainName: z.string().nullable().optional(),
  scanUrl: z.string().nullable().optional(),
  chainImg: z.string().nullable().optional(),
  mosContract: z.string().nullable().optional()
})
export type LegChain = z.infer<typeof legChainSchema>

/**
 * The app's chain detail from a successor's chain object; what it does not carry is left empty. `chainId` is
 * the record's own id for that leg, used when the object names none; null when neither names a chain (a
 * chain object of nulls, as a transfer still crossing may send for its destination).
 */
export function chainDetailOf(c: LegChain, contract?: string | null, chainId?: number | null): ChainDetail | null {
  const id = c.chainId ?? chainId ?? null
  if (id === null) return null
  return chainDetail(c.id ?? undefined, id, c.chainName ?? '', c.scanUrl ?? '', c.chainImg, contract ?? c.mosContract)
}

/** Whether a chain object names a chain at all: one of nulls (a destination not reached yet) names none. */
export function namesChain(c: LegChain): boolean {
  return c.chainId != null || c.chainName != null
}

/** chainDetailOf for a leg every answer must name (a transfer's source): refused, naming `field`, when it names no chain. */
export function requiredChainOf(c: LegChain, operation: string, what: string, field: string, contract?: string | null, chainId?: number | null): ChainDetail {
  const d = chainDetailOf(c, contract, chainId)
  if (d === null) {
    throw new AppError({ kind: 'decode', operation, field: `${field}.chainId`, message: `${what} does not match ${operation}'s documented shape: ${field}.chainId: its source chain names no chain id` })
  }
  return d
}

/** chainDetailOf from the chain object's members, for a decoder that has read them one by one. */
export function chainDetail(id: number | undefined, chainId: number, chainName: string, scanUrl: string, chainImg: string | null | undefined, contract: string | null | undefined): ChainDetail {
  return { chain: chainName, chainId, chainImg: chainImg ?? '', chainName, contract: contract ?? '', gasLimit: '', id: id ?? 0, rpc: '', scanUrl }
}

/**
 * A successor's destination leg in the original dialect's transferin fields: its hash and height (null or
 * absent while the transfer crosses); the contract, send hash and heights it never sends left empty.
 */
export function destinationLegOf(hash: string | null | undefined, height: number | null | undefined) {
  return {
    transferinHash: hash ?? '',
    transferinHeight: height ?? 0,
    transferinContract: '',
    transferinSendHash: '',
    transferinConfirmHeight: 0,
    transferinSendHeight: null
  } satisfies Partial<TransferRecord>
}

/**
 * A token's decimals, as a number or its digits: Butter's WDK reads `Number(token.decimals ?? token.decimal)`
 * (butternetwork/wdk-protocol-swidge-butter@197395c48b31f75bd40372c03d363663bd45d708:src/mappers.ts, and its
 * types.ts@970493d1be800171f4d377729e97d48372fedab4: `decimals?: number | string`, `decimal?: number | string`).
 */
export const decimalsSchema = z
  .union([z.int().min(0).max(255), z.string().regex(/^\d{1,3}$/, 'decimals as digits')])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v)
    if (n > 255) ctx.addIssue({ code: 'custom', message: 'at most 255 decimals' })
    return n
  })

/**
 * Butter's token object ({chainId, address, name, symbol, decimal, icon}) as the app's token detail. The
 * decimals come as `decimal` (the docs, the SDK's SwapHistoryTokenItem) or `decimals` (the token list's
 * spelling, which the WDK reads in either place); one of them must be given, or the amounts in that token
 * could not be read at all.
 */
export const butterTokenSchema = z
  .object({
    id: z.int().nullable().optional(),
    chainId: chainIdText,
    address: z.string(),
    name: z.string().nullable().optional(),
    symbol: z.string(),
    decimal: decimalsSchema.optional(),
    decimals: decimalsSchema.optional(),
    icon: z.string().nullable().optional()
  })
  .transform((t, ctx) => {
    const decimal = t.decimal ?? t.decimals
    if (decimal === undefined) {
      ctx.addIssue({ code: 'custom', message: 'a token needs its decimals (`decimal` or `decimals`)', path: ['decimal'] })
      return z.NEVER
    }
    return { id: t.id ?? undefined, chainId: t.chainId, address: t.address, name: t.name ?? t.symbol, symbol: t.symbol, decimal, icon: t.icon }
  })
export type ButterToken = z.output<typeof butterTokenSchema>

export function tokenDetailOf(t: ButterToken): TokenDetail {
  return tokenDetail(t.id, t.chainId, t.address, t.name, t.symbol, t.decimal, t.icon)
}

/** tokenDetailOf from the token object's members, for a decoder that has read them one by one. */
export function tokenDetail(id: number | undefined, chainId: number, address: string, name: string, symbol: string, decimal: number, icon: string | null | undefined): TokenDetail {
  return { address, chainId, decimal, id: id ?? 0, img: icon ?? '', isMint: 0, name, symbol, tokenId: '' }
}

function pathText(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out
}

/** Validates `data` or throws AppError('decode') naming the operation, the field and zod's reason. */
export function judge<S extends z.ZodType>(schema: S, data: unknown, operation: string, what: string): z.output<S> {
  const r = schema.safeParse(data)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const field = issue ? pathText(issue.path) : ''
  throw new AppError({
    kind: 'decode',
    operation,
    ...(field ? { field } : {}),
    message: `${what} does not match ${operation}'s documented shape: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`
  })
}

/** A successor's body text → the envelope's data (same envelope {code, message, data} as the original dialect). */
export function envelopeData(text: string, operation: string, status = 200, contentType: string | null = 'application/json'): unknown {
  return unwrapEnvelope(parseBody(text, operation, status, contentType), operation)
}
