// The TSS cross-chain API's names and forms that code without zod needs too (the renderer's views): the
// legs in the order an order makes them, and what a transaction hash and a chain id look like.

/** The legs in the order an order makes them (MAP's example's timestamps rise in this order). */
export const TSS_LEG_NAMES = ['src', 'relay', 'relay_signed', 'dest', 'map_dest'] as const
export type TssLegName = (typeof TSS_LEG_NAMES)[number]

/**
 * A transaction hash on any leg's chain: EVM hashes with 0x, Bitcoin-style hex without it (MAP's pending
 * example), base58 signatures of other chains.
 */
export const TSS_TX_RE = /^(0x)?[0-9A-Za-z]{16,128}$/

/** A chain id as MAP writes it: decimal digits (22776, 1360095883558914). */
export const TSS_CHAIN_ID_RE = /^\d{1,20}$/
