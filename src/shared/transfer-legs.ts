// Which legs a transfer detail has, for the app's transfer view and the CLI alike.
import type { ChainDetail, TransferDetail } from './schemas/wire'

/** Where one leg of a transfer ran: its chain, its heights and its transaction. */
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

export type LegRole = 'Source' | 'Relayer' | 'Destination'
export type TransferLeg = RelayerLeg & { role: LegRole }

/** The legs in the order the transfer travels: source, the relayer leg when there is one, destination. */
export function transferLegs(d: TransferDetail): TransferLeg[] {
  const relayer = relayerLeg(d)
  return [
    {
      role: 'Source',
      chain: d.fromChainObject,
      chainId: d.fromChainId,
      chainName: d.fromChainName,
      height: d.fromHeight,
      confirmHeight: d.confirmHeight,
      hash: d.fromHash
    },
    ...(relayer ? [{ role: 'Relayer' as const, ...relayer }] : []),
    {
      role: 'Destination',
      chain: d.toChainObject,
      chainId: d.toChainId,
      chainName: d.toChainName,
      height: d.transferInHeight,
      confirmHeight: d.transferInConfirmHeight,
      // the service sends an empty hash until the transfer arrives
      hash: d.transferInHash || null
    }
  ]
}
