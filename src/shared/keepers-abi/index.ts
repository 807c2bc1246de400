// The relay chain's ABIs (the JSON files beside this, copied from compass-tss: ./README.md names the commit) and the shapes
// their decoded answers must have: viem decodes by the ABI, zod then checks what we rely on, so a contract
// that answers another shape is named, not misread.
import { z } from 'zod'
import type { Abi } from 'viem'
import maintainerAbiJson from './maintainer.json'
import tssManagerAbiJson from './tssManager.json'
import viewAbiJson from './view.json'
import { AppError } from '../errors'

export const MAINTAINER_ABI = maintainerAbiJson as Abi
export const TSS_MANAGER_ABI = tssManagerAbiJson as Abi
export const VIEW_ABI = viewAbiJson as Abi

const uint = z.bigint().nonnegative()
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)

export const epochInfoSchema = z.object({
  electedBlock: uint,
  startBlock: uint,
  endBlock: uint,
  migratedBlock: uint,
  maintainers: z.array(address)
})
export const maintainerInfosSchema = z.array(
  z.object({
    status: z.number().int(),
    account: address,
    lastHeartbeatTime: uint,
    lastActiveEpoch: uint,
    secp256Pubkey: hex,
    ed25519Pubkey: hex,
    p2pAddress: z.string()
  })
)
export const slashPointsSchema = z.array(uint)
export const publicKeysSchema = z.array(
  z.object({ pubkey: hex, routers: z.array(z.object({ chain: uint, router: hex })) })
)
export const vaultViewSchema = z.object({
  pubKey: hex,
  members: z.array(address),
  chains: z.array(uint),
  routerTokens: z.array(
    z.object({
      chain: uint,
      router: hex,
      coins: z.array(z.object({ token: hex, balance: z.bigint(), pendingOut: uint, decimals: uint }))
    })
  )
})
export type VaultView = z.infer<typeof vaultViewSchema>

/** A decoded answer checked against the shape we read, or a decode error naming the function. */
export function shaped<T>(schema: z.ZodType<T>, value: unknown, functionName: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  throw new AppError({
    kind: 'decode',
    operation: functionName,
    message: `${functionName} answered another shape than its ABI's (${issue?.path.join('.') || 'result'}: ${issue?.message ?? 'invalid'})`
  })
}
