// Butter's token list against services that page as each of Butter's clients asks, and against one that
// pages by neither: the tokens of a network are read whole and once each, or the client says the service
// ignores paging — never a list padded with the first page over and over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ButterClient } from '../../../../src/main/client/butter/client'
import { readTokenPages, type TokenPage } from '../../../../src/main/client/butter/token-paging'
import type { TokenRecord } from '../../../../src/shared/schemas/wire'
import { serveJson, type LocalService } from '../../../support/local-service'

/** which names the service pages by (the URL's first segment) */
type Mode = 'page' | 'pageNo' | 'none'
let service: LocalService
let base = ''
const asked: URLSearchParams[] = []

/** `count` tokens of one network, paged by `mode`'s names; a name it does not know gives its default page 1 of 10. */
function answer(mode: Mode, q: URLSearchParams, count: number): string {
  const [p, s] = mode === 'page' ? ['page', 'size'] : ['pageNo', 'pageSize']
  const page = mode === 'none' ? 1 : Number(q.get(p) ?? 1)
  const size = mode === 'none' ? 10 : Number(q.get(s) ?? 10)
  const results = []
  for (let i = (page - 1) * size; i < Math.min(count, page * size); i++) {
    results.push({ id: i + 1, chainId: '56', address: `0x${i.toString(16).padStart(40, '0')}`, decimals: 18, name: `T${i}`, symbol: `T${i}` })
  }
  return JSON.stringify({ code: 200, message: 'success', data: { count, results } })
}

beforeAll(async () => {
  const chains = JSON.stringify({ code: 200, message: 'success', data: { chains: [{ id: 2, chainId: '56', key: 'bsc', name: 'BNB Chain' }] } })
  service = await serveJson((url) => {
    if (url.pathname.endsWith('/api/queryChainList')) return chains
    if (!url.pathname.endsWith('/api/queryTokenList')) return undefined
    asked.push(url.searchParams)
    return answer(url.pathname.split('/')[1] as Mode, url.searchParams, 150)
  })
  base = service.base
})
afterAll(() => service.close())

const client = (mode: Mode) => new ButterClient({ appUrl: `${base}/${mode}/app`, tokensUrl: `${base}/${mode}`, retries: 0 })

describe("Butter's token list, paging verified", () => {
  it('a service paging by page/size (the SDK): 150 tokens in two pages', async () => {
    asked.length = 0
    const list = await client('page').queryTokenList()
    expect(new Set(list['56']?.map((t) => t.address)).size).toBe(150)
    expect(list['56']).toHaveLength(150)
    expect(asked.map((q) => q.get('page'))).toEqual(['1', '2'])
  })

  it('a service paging by pageNo/pageSize (the docs table, the WDK): page/size seen to be ignored, the other spelling read', async () => {
    asked.length = 0
    const c = client('pageNo')
    const list = await c.queryTokenList()
    expect(list['56']).toHaveLength(150)
    expect(new Set(list['56']?.map((t) => t.address)).size).toBe(150)
    // one page/size try (10 of 150, short), then pageNo/pageSize
    expect(asked.map((q) => [...q.keys()].filter((k) => k !== 'network').join(','))).toEqual(['page,size', 'pageNo,pageSize', 'pageNo,pageSize'])
    // the spelling that worked is the one asked first next time
    asked.length = 0
    await c.queryTokenList()
    expect(asked.every((q) => q.has('pageNo'))).toBe(true)
  })

  it('a service that ignores paging: an error that says so, not 150 rows of 10 tokens', async () => {
    const e: unknown = await client('none').queryTokenList().catch((x: unknown) => x)
    expect(e).toMatchObject({ kind: 'api', operation: 'queryTokenList' })
    expect((e as Error).message).toContain('the service ignores paging')
    expect((e as Error).message).toContain('network "bsc"')
  })

  it('any service: the tokens read are distinct and as many as counted, or the paging is refused', async () => {
    const token = (i: number): TokenRecord => ({ id: i, tokenId: '', address: `0x${i.toString(16).padStart(40, '0')}`, name: `T${i}`, chainId: 56, isMint: 0, symbol: `T${i}`, decimal: 18, img: '', vaultToken: null, vaultDecimal: null, pid: null })
    // a service's pages: for each request, which of its tokens it gives (any overlap, any shortfall)
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 40 }), fc.array(fc.array(fc.nat({ max: 45 }), { maxLength: 12 }), { minLength: 1, maxLength: 8 }), async (count, pages) => {
        let call = 0
        const fetchPage = async (): Promise<TokenPage> => ({ tokens: [...new Set(pages[call++ % pages.length])].map(token), count })
        try {
          const { tokens } = await readTokenPages('bsc', fetchPage, 'page/size', 10, 20)
          expect(new Set(tokens.map((t) => t.address)).size).toBe(tokens.length)
          expect(tokens.length).toBeGreaterThanOrEqual(count)
        } catch (e) {
          expect((e as Error).message).toContain('the service ignores paging')
        }
      }),
      { numRuns: 200 }
    )
  })
})
