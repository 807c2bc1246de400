// A whole transfer checked: its legs' claims (from the detail and the token list) checked together, and the
// worst outcome named for a one-word summary (a table cell, an exit code, a watcher's event).
import { legClaims, worstOutcome, type TransferCheck } from '@shared/chain-check'
import type { TokenList, TransferDetail } from '@shared/schemas/wire'
import type { ChainChecker, RpcOverrides } from './checker'

export async function checkTransfer(
  checker: ChainChecker,
  detail: TransferDetail,
  tokens: TokenList | null,
  overrides: RpcOverrides = {}
): Promise<TransferCheck> {
  const legs = await checker.checkLegs(legClaims(detail, tokens), overrides)
  return { txHash: detail.fromHash, legs, worst: worstOutcome(legs.map((l) => l.outcome.kind)) }
}
