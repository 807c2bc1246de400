// Butter's token list, page by page, with the paging checked rather than trusted. Its clients disagree on
// the parameters' names: the docs' field table and Butter's WDK send `pageNo`/`pageSize`
// (butternetwork/wdk-protocol-swidge-butter@14aac887cbc9260b7e6675d33d90b1d1b98688e1:src/discovery.ts,
// getSupportedTokens), the docs' example link, Butter's SDK and DODO's aggregator send `page`/`size`
// (butternetwork/butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-sdk/src/services/api.ts,
// getTokensForNetwork; DODOEX/dodo-bridge-aggregator@464cf026c490442960299b55d9de7c1d102b0d60:src/bridge/butter/config.ts).
// A service that does not know the names it is sent answers its first page every time: read as if paged,
// that is the same few tokens over and over. So every page is checked — more tokens than asked for, a page
// that adds nothing new, pages that run out before the count — and the other spelling is tried once;
// then a service that pages by neither is an error that says so, never a list padded with repeats.
import { AppError } from '@shared/errors'
import type { TokenRecord } from '@shared/schemas/wire'

export type PageSpelling = 'page/size' | 'pageNo/pageSize'
export const PAGE_SPELLINGS: readonly PageSpelling[] = ['page/size', 'pageNo/pageSize']

export function pageParams(spelling: PageSpelling, pageNo: number, size: number): Record<string, number> {
  return spelling === 'page/size' ? { page: pageNo, size } : { pageNo, pageSize: size }
}

export interface TokenPage {
  tokens: TokenRecord[]
  count: number
}

/** What went wrong with one spelling's paging, in words; null: the network's list was read whole. */
type Verdict = { tokens: TokenRecord[] } | { ignored: string }

const keyOf = (t: TokenRecord): string => `${t.chainId}|${t.address.toLowerCase()}`

/** One network's tokens with one spelling: every page checked against the ones before it and the count. */
async function readWith(fetchPage: (params: Record<string, number>) => Promise<TokenPage>, spelling: PageSpelling, size: number, maxPages: number): Promise<Verdict> {
  const seen = new Set<string>()
  const tokens: TokenRecord[] = []
  for (let pageNo = 1; pageNo <= maxPages; pageNo++) {
    const got = await fetchPage(pageParams(spelling, pageNo, size))
    if (got.tokens.length > size) return { ignored: `page ${pageNo} held ${got.tokens.length} tokens where ${size} were asked for` }
    let fresh = 0
    for (const t of got.tokens) {
      const k = keyOf(t)
      if (seen.has(k)) continue
      seen.add(k)
      tokens.push(t)
      fresh++
    }
    if (got.tokens.length > 0 && fresh === 0) return { ignored: `page ${pageNo} repeated tokens already read (${tokens.length} distinct of ${got.count} counted)` }
    if (tokens.length >= got.count) return { tokens }
    // short or empty before the count is reached: the pages do not add up to the count
    if (got.tokens.length < size) return { ignored: `the pages ran out at ${tokens.length} distinct tokens of the ${got.count} counted` }
  }
  return { ignored: `${maxPages} pages did not reach the count` }
}

/**
 * One network's tokens, `first` spelling first and the other once if the service ignored it. Returns the
 * tokens and the spelling that worked (the caller keeps it for the next network); throws an 'api' error
 * naming both tries when neither pages.
 */
export async function readTokenPages(
  network: string,
  fetchPage: (params: Record<string, number>) => Promise<TokenPage>,
  first: PageSpelling,
  size: number,
  maxPages: number
): Promise<{ tokens: TokenRecord[]; spelling: PageSpelling }> {
  const tries = [first, ...PAGE_SPELLINGS.filter((s) => s !== first)]
  const why: string[] = []
  for (const spelling of tries) {
    const v = await readWith(fetchPage, spelling, size, maxPages)
    if ('tokens' in v) return { tokens: v.tokens, spelling }
    why.push(`with ${spelling}: ${v.ignored}`)
  }
  throw new AppError({
    kind: 'api',
    operation: 'queryTokenList',
    message: `the service ignores paging: network "${network}" ${why.join('; ')}`
  })
}
