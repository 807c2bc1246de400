// The reference of what the quick filter reads of a record, field by field (a query is found within one field,
// never across two): its hashes, addresses and token, its chains' names, its state's words as the views write
// them. The columns' filter is held to it record by record.
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { stateOfRecord, transferStateText } from '../../../../src/shared/transfer'
import { OUTCOME_WORDS } from '../../../../src/shared/outcome'

export const SEP = '\u0000'

export function searchText(r: TransferRecord): string {
  const s = stateOfRecord(r)
  return [
    r.hash,
    r.transferinHash,
    r.from,
    r.to,
    r.tokenObject?.symbol ?? '',
    r.fromChainObject?.chainName ?? '',
    r.toChainObject?.chainName ?? '',
    transferStateText(s, undefined),
    OUTCOME_WORDS[s.outcome]
  ]
    .map((v) => `${v}`)
    .join(SEP)
    .toLowerCase()
}
