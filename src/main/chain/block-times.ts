// The legs' own times, as their chains tell them: the block at the height the service names for each leg, read
// with eth_getBlockByNumber on the chain check's RPC for that chain (the user's, else the service's chain list's).
// A block counts only when the RPC answers the leg's chain id and has that block; anything else is a reason,
// never a guessed time. It proves no transaction is in that block: that is the chain check's job; this is when.
import { redactText, redactUrl } from '@shared/redact'
import type { LegBlockTime } from '@shared/transfer-times'
import { httpUrl } from '../client'
import type { RpcSource } from '@shared/chain-check'
import type { EvmRpc } from './evm-rpc'

/** A leg whose time is asked: its chain, the height the service names, the RPC the service's chain list names. */
export interface BlockLeg {
  role: LegBlockTime['role']
  chainId: number
  chainName: string
  height: number
  serviceRpc: string | null
}

export type BlockTimeAnswer = LegBlockTime | { role: LegBlockTime['role']; reason: string }

export interface BlockReads {
  /** the RPC a leg is read on and whose it is (the checker's rule: the user's for the chain, else the chain list's) */
  rpcFor: (leg: BlockLeg) => { url: string; source: RpcSource } | null
  rpc: (url: string) => EvmRpc
  chainId: (url: string, rpc: EvmRpc) => Promise<number>
}

export async function readBlockTimes(legs: readonly BlockLeg[], reads: BlockReads): Promise<BlockTimeAnswer[]> {
  return Promise.all(
    legs.map(async (leg): Promise<BlockTimeAnswer> => {
      const at = reads.rpcFor(leg)
      if (at === null) return { role: leg.role, reason: `no RPC known for chain ${leg.chainId} (add one in Settings → Chain checks)` }
      try {
        httpUrl(at.url, 'rpc')
        const rpc = reads.rpc(at.url)
        const [id, block] = await Promise.all([reads.chainId(at.url, rpc), rpc.blockAt(leg.height)])
        if (id !== leg.chainId) return { role: leg.role, reason: `the RPC ${redactUrl(at.url)} answers chain ${id}, the leg is on chain ${leg.chainId}` }
        if (block === null || block.number !== leg.height) return { role: leg.role, reason: `chain ${leg.chainId} has no block ${leg.height} yet` }
        return { role: leg.role, chainId: leg.chainId, chainName: leg.chainName, block: block.number, time: block.timestamp, rpc: redactUrl(at.url), rpcSource: at.source }
      } catch (error) {
        return { role: leg.role, reason: `the RPC ${redactUrl(at.url)} did not answer: ${redactText(error instanceof Error ? error.message : String(error))}` }
      }
    })
  )
}
