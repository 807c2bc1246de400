// Cell text for transfer rows. Plain functions (no components) because the virtual table re-renders rows
// while scrolling and must stay cheap.
import type { ChainDetail, TransferRecord } from '@shared/schemas/wire'
import { stableText as stableValue } from '@shared/format'

/** The stable value as the service gives it (already in human units), always two decimals. */
export function stableText(r: Pick<TransferRecord, 'stable'>): string {
  return stableValue(r.stable)
}

export function chainLabel(detail: Pick<ChainDetail, 'chainName'> | null, chainId: number): string {
  return detail?.chainName || `Chain ${chainId}`
}

export { iconUrl } from '../format'

export function issuesText(r: Pick<TransferRecord, 'issues'>): string {
  return r.issues.map((i) => `${i.field}: ${i.reason}`).join('\n')
}
