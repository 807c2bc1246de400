// Which legs a transfer detail has, for the app's transfer view and the CLI alike.
import type { ChainDetail, TransferDetail } from './schemas/wire'

export interface RelayerLeg {
  chainId: number | null
  chainName: string
  chain: ChainDetail | null
  height: number | null
  confirmHeight: number | null
  hash: string | null
}

/**
 * The relayer leg whenever the service sends one. MAP's published queryBridgeInfo example has
 * `relayerChainId: null` together with a full `relayerObject`: the detail string names the chain then, so
 * any of the chain id, the relayer chain's detail or a relayer hash means there is a leg.
 */
export function relayerLeg(d: TransferDetail): RelayerLeg | null {
  if (d.relayerChainId === null && d.relayerObject === null && !d.relayerHash) return null
  const chainId = d.relayerChainId ?? d.relayerObject?.chainId ?? null
  return {
    chainId,
    chainName: d.relayerObject?.chainName ?? (chainId === null ? 'Relayer chain' : `Chain ${chainId}`),
    chain: d.relayerObject,
    height: d.relayerHeight,
    confirmHeight: d.relayerConfirmHeight,
    hash: d.relayerHash
  }
}
