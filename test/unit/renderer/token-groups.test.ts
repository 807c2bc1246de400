import { describe, expect, it } from 'vitest'
import { countTokens, groupTokens } from '../../../src/renderer/src/lib/token-groups'
import type { ChainRecord, TokenList, TokenRecord } from '../../../src/shared/schemas/wire'

function token(id: number, chainId: number, symbol: string, extra: Partial<TokenRecord> = {}): TokenRecord {
  return {
    id, tokenId: String(id), address: `0x${String(id).padStart(40, 'a')}`, name: `${symbol} token`, chainId, isMint: 0,
    symbol, decimal: 18, img: '', vaultToken: null, vaultDecimal: null, pid: null, ...extra
  }
}
function chain(chainId: number, chainName: string): ChainRecord {
  return {
    id: chainId, chain: chainName.toLowerCase(), contract: '0x', rpc: '', chainId, gasLimit: '1', chainName, chainImg: `https://x/${chainId}.png`,
    scanUrl: 'https://scan', volume: null, tokenAddress: null, decimal: null, liquidity: null
  }
}

const list: TokenList = {
  '56': [token(3, 56, 'USDT'), token(4, 56, 'dai')],
  '1': [token(1, 1, 'WETH'), token(2, 1, 'USDT', { vaultToken: '0xbeef', vaultDecimal: 18, pid: 2 })],
  '999': [token(5, 999, 'ODD')]
}
const chains = [chain(1, 'Ethereum'), chain(56, 'BNB Smart Chain')]

describe('groupTokens', () => {
  it('groups by chain with names from the chain list, known chains first, tokens by symbol', () => {
    const groups = groupTokens(list, chains)
    expect(groups.map((g) => g.chainName)).toEqual(['BNB Smart Chain', 'Ethereum', 'Chain 999'])
    expect(groups[0]?.tokens.map((t) => t.symbol)).toEqual(['dai', 'USDT'])
    expect(groups[1]?.chainImg).toBe('https://x/1.png')
    expect(countTokens(groups)).toBe(5)
  })
  it('works without the chain list', () => {
    expect(groupTokens(list, null).map((g) => g.chainName)).toEqual(['Chain 1', 'Chain 56', 'Chain 999'])
  })
  it('searches symbol, name, address and vault token, case-insensitively, and drops empty groups', () => {
    const usdt = groupTokens(list, chains, ' usdt ')
    expect(usdt.map((g) => [g.chainId, g.tokens.length, g.total])).toEqual([['56', 1, 2], ['1', 1, 2]])
    expect(countTokens(groupTokens(list, chains, 'DAI TOKEN'))).toBe(1)
    expect(countTokens(groupTokens(list, chains, 'AAA5'))).toBe(1)
    expect(countTokens(groupTokens(list, chains, '0xBEEF'))).toBe(1)
    expect(groupTokens(list, chains, 'nothing')).toEqual([])
  })
  it('a search for a chain name shows all its tokens', () => {
    const g = groupTokens(list, chains, 'ethereum')
    expect(g.map((x) => x.tokens.length)).toEqual([2])
  })
})
