// A history whose service sends no total (MAP's Bridge Scan) read whole by "load all", and every count it did
// not give said to be unknown; Butter's history on every chain read whole too. Real clients against a server
// on 127.0.0.1 that pages as those services do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ButterClient } from '../../../../src/main/client/butter/client'
import { MapscanClient } from '../../../../src/main/client/mapscan/client'
import { everyChainSource, fetchAllHistory, EVERY_CHAIN } from '../../../../src/main/client/history-all'
import { runCli as cli, serveJson, type LocalService } from '../../../support/local-service'

const ADDRESS = '0x14a5b11be1f996a2c662f8968d017328b4b80c3a'
const SCAN_RECORDS = 545
const BUTTER_RECORDS = 230
let service: LocalService
let base = ''
const butterAsked: URLSearchParams[] = []

const chain = (id: number) => ({ chainId: String(id), chainName: `Chain ${id}`, scanUrl: `https://scan${id}.example/`, chainImg: null })

/** Bridge Scan's history page: records newest first, `total` null as its example sends it. */
function scanPage(page: number, size: number): string {
  const list = []
  for (let i = (page - 1) * size; i < Math.min(SCAN_RECORDS, page * size); i++) {
    list.push({ id: 900000 - i, sourceAddress: ADDRESS, sourceHash: `0x${(i + 1).toString(16).padStart(64, '0')}`, sourceHeight: 1000 + i, sourceTimestamp: '2024-07-09 00:01:28', sourceChainInfo: chain(137), destinationChainInfo: chain(56), destinationHash: `0x${(i + 7).toString(16).padStart(64, 'a')}` })
  }
  return JSON.stringify({ code: 200, message: 'success', data: { list, total: null } })
}

/** Butter's history on every chain (no chainId): a total, pages as asked. */
function butterPage(page: number, size: number): string {
  const list = []
  for (let i = (page - 1) * size; i < Math.min(BUTTER_RECORDS, page * size); i++) {
    const token = { chainId: 56, address: '0x55d398326f99059ff775485246999027b3197955', name: 'USDT', symbol: 'USDT', decimal: 18 }
    list.push({
      id: 5000 - i,
      sourceAddress: ADDRESS,
      destinationAddress: ADDRESS,
      fromChainId: i % 2 === 0 ? '56' : '1',
      toChainId: '22776',
      sourceHash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
      sourceHeight: 30000000 + i,
      orderId: `0x${(i + 1).toString(16).padStart(64, 'b')}`,
      sourceTokenAddress: token.address,
      amount: 1000000000000000000,
      state: 0,
      timestamp: '2023-07-27 12:21:22',
      sourceChain: chain(56),
      sourceToken: token
    })
  }
  return JSON.stringify({ code: 200, message: 'success', data: { list, total: BUTTER_RECORDS } })
}

beforeAll(async () => {
  service = await serveJson((url) => {
    const page = Number(url.searchParams.get('page'))
    const size = Number(url.searchParams.get('size'))
    if (url.pathname === '/scan/api/queryHistoryByChainIdAddress') return scanPage(page, size)
    if (url.pathname !== '/app/api/queryBridgeHistoryByAddress') return undefined
    butterAsked.push(url.searchParams)
    return butterPage(page, size)
  })
  base = service.base
})
afterAll(() => service.close())

describe("Bridge Scan's history, which sends no total", () => {
  it('a page says its total is not known, counting only what is known to exist', async () => {
    const page = await new MapscanClient({ baseUrl: `${base}/scan`, retries: 0 }).queryHistory({ address: ADDRESS, chainId: 137, pageNo: 2, pageSize: 100 })
    expect(page).toMatchObject({ totalKnown: false, total: 201 })
  })

  it('load all reads every page until they run out: 545 transfers, none twice, no doubt', async () => {
    const progress: number[] = []
    const all = await fetchAllHistory(new MapscanClient({ baseUrl: `${base}/scan`, retries: 0 }), { address: ADDRESS, chainId: 137 }, { pageSize: 100, onProgress: (p) => progress.push(p.pagesTotal) })
    expect(all.list).toHaveLength(SCAN_RECORDS)
    expect(new Set(all.list.map((r) => r.id)).size).toBe(SCAN_RECORDS)
    expect(all.doubts).toEqual([])
    expect(all.truncated).toBe(false)
    expect(all.pagesDone).toBe(6)
    // the number of pages is never guessed
    expect(progress.every((n) => n === 0)).toBe(true)
  })

  it('through the CLI: --all gives the whole history; one page says "page 2", never "page 2 of N"', async () => {
    const all = await cli(['history', '--address', ADDRESS, '--chain-id', '137', '--all', '--page-size', '100', '--dialect', 'mapscan', '--base-url', `${base}/scan`, '--json'])
    expect(all.err).toBe('')
    expect((JSON.parse(all.out) as { transfers: unknown[] }).transfers).toHaveLength(SCAN_RECORDS)
    const one = await cli(['history', '--address', ADDRESS, '--chain-id', '137', '--page', '2', '--dialect', 'mapscan', '--base-url', `${base}/scan`])
    expect(one.code).toBe(0)
    expect(one.out).toContain('page 2 (total not given by this service)')
    expect(one.out).not.toMatch(/page 2 of/)
  })
})

describe("Butter's history on every chain, loaded whole", () => {
  it('load all without a chain id: every page, no chainId sent', async () => {
    const source = everyChainSource(new ButterClient({ appUrl: `${base}/app`, tokensUrl: `${base}/tokens`, retries: 0 }))
    expect(source).not.toBeNull()
    butterAsked.length = 0
    const all = await fetchAllHistory(source!, { address: ADDRESS, chainId: EVERY_CHAIN }, { pageSize: 100 })
    expect(all.list).toHaveLength(BUTTER_RECORDS)
    expect(all.doubts).toEqual([])
    expect(butterAsked.every((q) => !q.has('chainId'))).toBe(true)
    expect(everyChainSource(new MapscanClient({ baseUrl: `${base}/scan` }))).toBeNull()
  })

  it('through the CLI: history --all without --chain-id on Butter; Bridge Scan says it has no such history', async () => {
    const r = await cli(['history', '--address', ADDRESS, '--all', '--page-size', '100', '--dialect', 'butter', '--base-url', `${base}/app`, '--tokens-url', `${base}/tokens`, '--json'])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect((JSON.parse(r.out) as { transfers: unknown[] }).transfers).toHaveLength(BUTTER_RECORDS)
    const scan = await cli(['history', '--address', ADDRESS, '--all', '--dialect', 'mapscan', '--base-url', `${base}/scan`])
    expect(scan.code).toBe(2)
    expect(scan.err).toContain('has no history by address across all chains')
  })
})
