// The command line against a Butter that answers in the shapes its real clients' types allow
// (test/fixtures/butter/clients, sources in test/fixtures/butter/SOURCES.md): a swap's received side in the
// token received, an in-flight transfer with no destination chain, odd chains and tokens, in --json and text.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli as cli, serveJson, type LocalService } from '../../support/local-service'

const fixture = (name: string): string => readFileSync(join(__dirname, '../../fixtures/butter/clients', name), 'utf8')
const SWAP_HASH = '0x1111111111111111111111111111111111111111111111111111111111111111'
const CROSSING_HASH = '0x5555555555555555555555555555555555555555555555555555555555555555'
const ADDRESS = '0x2d4c407bbe49438ed859fe965b140dcf1aab71a9'

let service: LocalService
let base = ''

beforeAll(async () => {
  service = await serveJson((url) => {
    const hash = url.searchParams.get('hash')
    if (url.pathname === '/app/api/queryBridgeHistoryByAddress') return fixture('history-swap-and-crossing.json')
    if (url.pathname === '/app/api/queryBridgeInfoBySourceHash') return fixture(hash === CROSSING_HASH ? 'detail-crossing.json' : 'detail-swap.json')
    if (url.pathname === '/tokens/api/queryChainList') return fixture('chain-list.json')
    if (url.pathname !== '/tokens/api/queryTokenList') return undefined
    return url.searchParams.get('network') === 'bsc' ? fixture('token-page.json') : JSON.stringify({ code: 200, message: 'success', data: { count: 0, results: [] } })
  })
  base = service.base
})
afterAll(() => service.close())

const butter = () => ['--dialect', 'butter', '--base-url', `${base}/app`, '--tokens-url', `${base}/tokens`]

describe("Butter's clients' shapes through the CLI", () => {
  it('transfer of a swap: receiving 1,500 USDC for 0.5 ETH, in --json and in text', async () => {
    const json = await cli(['transfer', SWAP_HASH, ...butter(), '--json'])
    expect(json.err).toBe('')
    expect(JSON.parse(json.out)).toMatchObject({
      format: 'bridgescope.transfer',
      transfer: {
        sent: { value: '0.5', unit: 'token', token: { symbol: 'ETH' } },
        received: { value: '1500', token: { symbol: 'USDC', decimals: 6 } },
        outcome: 'delivered'
      }
    })
    const text = await cli(['transfer', SWAP_HASH, ...butter()])
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/Sending\s+0\.5 ETH/)
    expect(text.out).toMatch(/Receiving\s+1,500 USDC/)
    expect(text.out).not.toMatch(/Receiving\s+1,500 ETH/)
  })

  it('an in-flight transfer with toChain null is in flight, not a decode error', async () => {
    const json = await cli(['transfer', CROSSING_HASH, ...butter(), '--json'])
    expect(json.err).toBe('')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.out)).toMatchObject({ transfer: { outcome: 'in-flight', legs: { destination: { chainId: 1, chainName: null, hash: null } }, received: { value: null, missing: 'not received yet' } } })
    const text = await cli(['transfer', CROSSING_HASH, ...butter()])
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/Receiving\s+.*not received yet/)
  })

  it('history: the swap row reads its received USDC, the crossing row its digits height; text and --json', async () => {
    const json = await cli(['history', '--address', ADDRESS, ...butter(), '--json'])
    expect(json.err).toBe('')
    const page = JSON.parse(json.out) as { transfers: Record<string, unknown>[] }
    expect(page.transfers[0]).toMatchObject({ received: { value: '1500', wire: '1500000000', unit: 'smallest', token: { symbol: 'USDC', decimals: 6 } } })
    expect(page.transfers[1]).toMatchObject({ legs: { source: { height: 41000000 }, destination: { chainName: null } }, outcome: 'in-flight' })
    const text = await cli(['history', '--address', ADDRESS, ...butter()])
    expect(text.code).toBe(0)
    expect(text.out).toContain('1,500')
  })

  it('chains: the odd ones kept, the one without a chain id left out; tokens with decimals in every spelling', async () => {
    const chains = JSON.parse((await cli(['chains', ...butter(), '--json'])).out) as { chainId: number }[]
    expect(chains.map((c) => c.chainId)).toEqual([1, 56, 137])
    const tokens = JSON.parse((await cli(['tokens', ...butter(), '--json'])).out) as Record<string, { symbol: string; decimal: number }[]>
    expect(tokens['56']?.map((t) => [t.symbol, t.decimal])).toEqual([
      ['USDT', 18],
      ['USDC', 18],
      ['WBNB', 18]
    ])
  })
})
