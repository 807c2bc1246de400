// The worst outcome of a transfer's legs and the verdict: what the CLI's exit code and the watcher read (the
// table's word is chain-word.ts's); and the claims a check is asked to confirm, anchored on the service's lists.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeTransferDetail } from '../../../src/main/client/mcs/decode'
import { unwrapEnvelope } from '../../../src/main/client/envelope'
import { parseBody } from '../../../src/main/client/lossless-json'
import {
  OUTCOME_ORDER,
  VERIFY_EXIT_CODES,
  contradictsService,
  legClaims,
  verdictOf,
  worstOutcome,
  type OutcomeKind,
  type TransferCheck
} from '../../../src/shared/chain-check'
import type { ChainRecord, TokenList } from '../../../src/shared/schemas/wire'
import { transferOfDetail } from '../../../src/shared/transfer'

const kind = fc.constantFrom<OutcomeKind>(...OUTCOME_ORDER)
const rank = (k: OutcomeKind): number => OUTCOME_ORDER.indexOf(k)

describe('worstOutcome', () => {
  it('names every outcome once, the service contradicted last', () => {
    expect(new Set(OUTCOME_ORDER).size).toBe(7)
    // every outcome where the chain contradicts the service ranks above every one where it does not
    const contradicting = OUTCOME_ORDER.filter(contradictsService)
    const others = OUTCOME_ORDER.filter((k) => !contradictsService(k))
    expect(Math.min(...contradicting.map(rank))).toBeGreaterThan(Math.max(...others.map(rank)))
    expect(OUTCOME_ORDER.at(-1)).toBe('disagrees')
    expect(OUTCOME_ORDER[0]).toBe('confirmed')
  })

  it('is one of the legs, none worse, whatever their order; all confirmed reads confirmed', () => {
    fc.assert(
      fc.property(fc.array(kind, { minLength: 1, maxLength: 6 }), (kinds) => {
        const worst = worstOutcome(kinds)
        expect(kinds).toContain(worst)
        for (const k of kinds) expect(rank(k)).toBeLessThanOrEqual(rank(worst))
        expect(worstOutcome([...kinds].reverse())).toBe(worst)
      })
    )
    expect(worstOutcome(['confirmed', 'confirmed'])).toBe('confirmed')
  })

  it('a disagreeing leg is never hidden by another, and adding a leg never makes a row look better', () => {
    fc.assert(
      fc.property(fc.array(kind, { maxLength: 5 }), kind, (kinds, extra) => {
        expect(worstOutcome([...kinds, 'disagrees'])).toBe('disagrees')
        expect(rank(worstOutcome([...kinds, extra]))).toBeGreaterThanOrEqual(rank(worstOutcome(kinds)))
      })
    )
  })
})

// What the service says, leg by leg, anchored on its lists: MAP's published queryBridgeInfo example
// (mapprotocol/docs, develop/mcs/api/api.md; test/fixtures/map/query-bridge-info.json) read as today's
// dialects write it.
const body = readFileSync('test/fixtures/map/query-bridge-info.json', 'utf8')
const mapDetail = decodeTransferDetail(unwrapEnvelope(parseBody(body, 'queryBridgeInfo', 200, 'application/json'), 'queryBridgeInfo'))
const LISTED_TOKEN = '0x6130c0c5c7d7a0e95fbdc462f5ffda8fb99ca503'
const tokenRecord = (chainId: number, address: string): TokenList[string][number] => ({
  id: 1, tokenId: 'MintToken', address, name: 'MintToken', chainId, isMint: 1, symbol: 'MTTK', decimal: 18, img: '', vaultToken: null, vaultDecimal: null, pid: null
})
const TOKENS: TokenList = { '97': [tokenRecord(97, LISTED_TOKEN)], '22776': [tokenRecord(22776, `0x${'d'.repeat(40)}`)] }
const chainRecord = (chainId: number, rpc: string, contract: string): ChainRecord => ({
  id: chainId, chain: 'c', contract, rpc, chainId, gasLimit: '0', chainName: `Chain ${chainId}`, chainImg: '', scanUrl: '', volume: null, tokenAddress: null, decimal: null, liquidity: null
})
const CHAINS = [chainRecord(97, 'https://rpc.example/97', `0x${'b'.repeat(40)}`), chainRecord(22776, 'https://rpc.example/22776', `0x${'c'.repeat(40)}`)]

describe('legClaims', () => {
  it('amounts are token units whatever unit the service wrote: raw scaled once, human as written, absent not provided', () => {
    const raw = legClaims(transferOfDetail(mapDetail), TOKENS, CHAINS)
    expect(raw.map((l) => l.amount)).toEqual(['10', '10'])
    // Butter's single transfer writes human units: never divided by the decimals again
    const origin = { dialect: 'butter' as const, amount: 'human' as const, inAmount: 'human' as const, stateMeaning: null, notProvided: [] }
    const human = legClaims(transferOfDetail({ ...mapDetail, sending: '1500.25', receiving: '0.005661633597', origin }), TOKENS, CHAINS)
    expect(human.map((l) => l.amount)).toEqual(['1500.25', '0.005661633597'])
    // Bridge Scan sends none: "not provided", never 0
    const none = legClaims(transferOfDetail({ ...mapDetail, origin: { ...origin, dialect: 'mapscan', amount: 'absent', inAmount: 'absent', notProvided: ['amount', 'inAmount'] } }), TOKENS, CHAINS)
    expect(none.map((l) => [l.amount, l.amountMissing])).toEqual([
      [null, expect.stringContaining('not provided')],
      [null, expect.stringContaining('not provided')]
    ])
  })

  it('RPC and contract come from the chain list; the record’s own are kept only to be compared', () => {
    const [source] = legClaims(transferOfDetail(mapDetail), TOKENS, CHAINS)
    expect(source).toMatchObject({
      serviceRpc: 'https://rpc.example/97',
      contract: `0x${'b'.repeat(40)}`,
      recordRpc: 'https://data-seed-prebsc-2-s2.binance.org:8545/',
      recordContract: '0x7A3504932E9AE869057418b333d4f25330a9355A'
    })
    // no chain list: nothing to check on, whatever the record names
    expect(legClaims(transferOfDetail(mapDetail), TOKENS, null)[0]).toMatchObject({ serviceRpc: null, contract: null })
  })

  it('the token’s address is the token list’s for that chain; a token the list does not know is unidentified', () => {
    const [source, dest] = legClaims(transferOfDetail(mapDetail), TOKENS, CHAINS)
    expect(source?.token).toEqual({ address: LISTED_TOKEN, symbol: 'MTTK' })
    expect(dest?.token).toEqual({ address: `0x${'d'.repeat(40)}`, symbol: 'MTTK' })
    expect(legClaims(transferOfDetail(mapDetail), null, CHAINS).map((l) => l.token?.address ?? null)).toEqual([null, null])
  })
})

describe('verdictOf', () => {
  const leg = (kind: OutcomeKind): Pick<TransferCheck, 'legs'>['legs'][number] =>
    ({ role: 'Source', chainId: 1, chainName: 'c', hash: null, rpc: null, rpcSource: null, reorg: null, checkedAt: 0, cached: false, outcome: { kind } as never })
  it('verified (exit 0) only when every leg is confirmed; contradicted (1) when any contradicts; else unverified (3)', () => {
    fc.assert(
      fc.property(fc.array(kind, { maxLength: 5 }), (kinds) => {
        const verdict = verdictOf({ legs: kinds.map(leg), question: null })
        const expected = kinds.some(contradictsService) ? 'contradicted' : kinds.length > 0 && kinds.every((k) => k === 'confirmed') ? 'verified' : 'unverified'
        expect(verdict).toBe(expected)
        expect(VERIFY_EXIT_CODES[verdict]).toBe({ verified: 0, contradicted: 1, unverified: 3 }[expected])
      })
    )
  })
  it('a record about another transfer contradicts, whatever its legs; one that does not say is not verified', () => {
    expect(verdictOf({ legs: [leg('confirmed')], question: { field: 'source hash', asked: '0x1', answered: '0x2' } })).toBe('contradicted')
    expect(verdictOf({ legs: [leg('confirmed')], question: { field: 'order id', asked: '0x1', answered: null } })).toBe('unverified')
  })
})
