// Cell text for transfer rows. Plain functions (no components) because the virtual table re-renders rows
// while scrolling and must stay cheap.
import type { Transfer } from '@shared/transfer'
import { stableText as stableValue } from '@shared/format'

/** The stable value as the service gives it (already in human units), always two decimals. */
export function stableText(t: Pick<Transfer, 'stable'>): string {
  return stableValue(t.stable)
}

export function chainLabel(name: string | null | undefined, chainId: number | null): string {
  return name || (chainId === null ? 'Chain not known' : `Chain ${chainId}`)
}

export { iconUrl } from '../format'

export function issuesText(t: Pick<Transfer, 'issues'>): string {
  return t.issues.map((i) => `${i.field}: ${i.reason}`).join('\n')
}

/** The sent time as the Time (UTC) column writes it: "2026-11-27 02:37:05". */
export function sentTimeText(t: Pick<Transfer, 'times'>): string {
  return t.times.sent ? t.times.sent.slice(0, 19).replace('T', ' ') : 'not known'
}

/** What the received amount is, for its tooltip: its token and unit, or why there is none. */
export function receivedTitle(t: Pick<Transfer, 'received'>): string {
  const a = t.received
  const symbol = a.token?.symbol ?? 'a token not in the token list'
  if (a.value !== null) return `${a.value} ${symbol}${a.token?.decimals === null || a.token?.decimals === undefined ? '' : ` (${a.token.decimals} decimals)`} on the destination chain`
  if (a.wire !== null) return `Raw wire amount (${a.wire}): the received token's decimals are unknown`
  return `Received: ${a.missing ?? 'not known'}`
}
