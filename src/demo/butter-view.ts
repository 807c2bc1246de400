// A demo transfer as Butter's swap-data API tells it: a cross-chain SWAP service, whose states are its own
// (0 crossing, 1 completed, 4 incomplete, 6 refund: src/main/client/butter/states.ts) and whose transfers may
// deliver another token than the one sent. Everything is derived from the transfer (its id, seeded), so the
// demo stays deterministic and the other dialects keep telling the same transfers their own way.
import type { Catalog, SimToken } from './catalog'
import { hash32 } from './prng'
import type { Transfer } from './transfer'

/**
 * Butter's state for a demo transfer. The simulation's rare states 2 and 3 (a few old transfers that did not
 * simply complete) become Butter's two other ends: a refund (6) and an incomplete transfer (4), which Butter's
 * widget draws with an error (butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:
 * packages/butter-widget/src/components/history-main-card/history-item.tsx). Butter never sends 2 or 3.
 */
export function butterState(t: Transfer): number {
  if (t.state === 2) return 6
  if (t.state === 3) return 4
  return t.state === 0 ? 0 : 1
}

/** Whether the transfer reached its destination as Butter tells it (a refund and a failure did not). */
export function butterDelivered(t: Transfer): boolean {
  return butterState(t) === 1
}

/** What the user receives: the token and its amount in smallest units (0n until delivered). */
export interface Received {
  token: SimToken
  amount: bigint
}

/** One transfer in three is a swap: the bridge's token is exchanged on the destination chain for another. */
const SWAP_ONE_IN = 3

/**
 * What a Butter transfer delivers. A swap takes another token of the destination chain, its amount the bridged
 * value at the two tokens' prices; otherwise the bridge's own token (the transfer's toToken, its inAmount).
 */
export function receivedOf(cat: Catalog, t: Transfer): Received {
  const plain = { token: t.toToken, amount: t.inAmount }
  if (hash32(t.id, 0x5a17) % SWAP_ONE_IN !== 0) return plain
  const others = (cat.tokensOfChain[t.toChain.index] ?? []).filter((x) => x.symbol !== t.toToken.symbol)
  if (others.length === 0) return plain
  const token = others[hash32(t.id, 0x70c3) % others.length] as SimToken
  const priceIn = cat.group(t.toToken).priceMicro
  const priceOut = cat.group(token).priceMicro
  // value in millionths of a dollar × 10^decimals of the token out ÷ its price: whole smallest units, rounded down
  const amount = priceOut === 0n ? 0n : (t.inAmount * priceIn * 10n ** BigInt(token.decimal)) / (priceOut * 10n ** BigInt(t.toToken.decimal))
  return { token, amount }
}
