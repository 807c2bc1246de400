// Tokens grouped by chain for the Tokens view: chain names and icons come from the chain list when it is at
// hand (a chain id alone otherwise), and a search narrows by symbol, name or address.
import type { ChainRecord, TokenList, TokenRecord } from '@shared/schemas/wire'

export interface TokenGroup {
  chainId: string
  chainName: string
  chainImg: string | null
  scanUrl: string | null
  /** tokens that pass the search, by symbol */
  tokens: TokenRecord[]
  /** tokens of the chain before the search */
  total: number
}

// One collator for every comparison: localeCompare with options builds a new one per call, which made
// sorting a few dozen tokens the largest single cost of the Tokens view's first render.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

function byText(a: string, b: string): number {
  return collator.compare(a, b)
}

export function tokenMatches(token: TokenRecord, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return (
    token.symbol.toLowerCase().includes(q) ||
    token.name.toLowerCase().includes(q) ||
    token.address.toLowerCase().includes(q) ||
    (token.vaultToken?.toLowerCase().includes(q) ?? false)
  )
}

export function groupTokens(list: TokenList, chains: readonly ChainRecord[] | null, query = ''): TokenGroup[] {
  const byId = new Map((chains ?? []).map((c) => [String(c.chainId), c]))
  const groups: TokenGroup[] = []
  for (const [chainId, tokens] of Object.entries(list)) {
    const chain = byId.get(chainId)
    const chainName = chain?.chainName || `Chain ${chainId}`
    // A search for the chain's name shows all its tokens.
    const q = query.trim().toLowerCase()
    const chainHit = q !== '' && chainName.toLowerCase().includes(q)
    const matched = chainHit ? [...tokens] : tokens.filter((t) => tokenMatches(t, q))
    if (q && matched.length === 0) continue
    groups.push({
      chainId,
      chainName,
      chainImg: chain?.chainImg ?? null,
      scanUrl: chain?.scanUrl ?? null,
      tokens: matched.sort((a, b) => byText(a.symbol, b.symbol) || a.id - b.id),
      total: tokens.length
    })
  }
  // Known chains by name first, then unknown ones by id: stable whatever order the service sends.
  return groups.sort((a, b) => {
    const ka = byId.has(a.chainId) ? 0 : 1
    const kb = byId.has(b.chainId) ? 0 : 1
    return ka - kb || byText(a.chainName, b.chainName) || Number(a.chainId) - Number(b.chainId)
  })
}

export function countTokens(groups: readonly TokenGroup[]): number {
  return groups.reduce((n, g) => n + g.tokens.length, 0)
}
