// A whole transfer checked: first that the record is about what was asked (its source hash, order id or record
// id, compared exactly: a record about something else is the service contradicting itself, and its legs are
// not checked); then its legs' claims (from the detail, the token list and the chain list) checked together,
// and the worst outcome named for a one-word summary (a table cell, an exit code, a watcher's event).
import { transferOfDetail } from '@shared/transfer'
import { legClaims, worstOutcome, type QuestionCheck, type TransferCheck } from '@shared/chain-check'
import type { ChainRecord, TokenList, TransferDetail } from '@shared/schemas/wire'
import type { ChainChecker, RpcOverrides } from './checker'

/** What was asked: a source hash, an order id or a record id. */
export type TransferQuestion = { hash: string } | { orderId: string } | { recordId: number }

/** What the record says it is for the question's field: null when it does not say. */
function answerOf(detail: TransferDetail, q: TransferQuestion): { field: QuestionCheck['field']; asked: string; answered: string | null; same: (a: string) => boolean } {
  const own = (name: string): string | null => {
    const v = (detail as Readonly<Record<string, unknown>>)[name]
    return typeof v === 'string' || typeof v === 'number' ? String(v) : null
  }
  if ('hash' in q) return { field: 'source hash', asked: q.hash, answered: detail.fromHash || null, same: (a) => a.toLowerCase() === q.hash.toLowerCase() }
  if ('orderId' in q) return { field: 'order id', asked: q.orderId, answered: own('orderId'), same: (a) => a === q.orderId }
  return { field: 'record id', asked: String(q.recordId), answered: own('id'), same: (a) => a === String(q.recordId) }
}

/** null when the record answers the question; else what was asked beside what it says it is. */
export function questionMismatch(detail: TransferDetail, q: TransferQuestion): QuestionCheck | null {
  const a = answerOf(detail, q)
  if (a.answered !== null && a.same(a.answered)) return null
  return { field: a.field, asked: a.asked, answered: a.answered }
}

export async function checkTransfer(
  checker: ChainChecker,
  detail: TransferDetail,
  lists: { tokens: TokenList | null; chains: readonly ChainRecord[] | null },
  overrides: RpcOverrides = {},
  asked: TransferQuestion | null = null
): Promise<TransferCheck> {
  const question = asked === null ? null : questionMismatch(detail, asked)
  if (question) return { txHash: detail.fromHash, legs: [], worst: question.answered === null ? 'cannot-check' : 'disagrees', question }
  const legs = await checker.checkLegs(legClaims(transferOfDetail(detail), lists.tokens, lists.chains), overrides)
  return { txHash: detail.fromHash, legs, worst: worstOutcome(legs.map((l) => l.outcome.kind)) }
}
