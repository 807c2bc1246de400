// Cell text for transfer rows. Plain functions (no components) because the virtual table re-renders rows
// while scrolling and must stay cheap.
import type { ChainDetail, TransferRecord } from '@shared/schemas/wire'
import { formatAmount, formatDecimal } from '../format'

/** The exact human amount, or the raw wire text when the token (and so its decimals) is unknown. */
export function amountText(text: string, decimals: number | null | undefined): { text: string; raw: boolean } {
  if (decimals === null || decimals === undefined) return { text, raw: true }
  try {
    return { text: formatAmount(text, decimals), raw: false }
  } catch {
    return { text, raw: true }
  }
}

export function stableText(r: Pick<TransferRecord, 'stable'>): string {
  if (!r.stable) return '—'
  try {
    return `${formatDecimal(r.stable.value, { maxFractionDigits: 2 })} ${r.stable.symbol}`
  } catch {
    return `${r.stable.value} ${r.stable.symbol}`
  }
}

export function chainLabel(detail: ChainDetail | null, chainId: number): string {
  return detail?.chainName || `Chain ${chainId}`
}

export { iconUrl } from '../format'

export function issuesText(r: Pick<TransferRecord, 'issues'>): string {
  return r.issues.map((i) => `${i.field}: ${i.reason}`).join('\n')
}
