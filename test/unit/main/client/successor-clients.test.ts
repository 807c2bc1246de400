// The successor clients against a local server that answers as the docs' examples do: which URL and query
// each operation sends, Butter's token list read page by page over every network, and the clear refusal of an
// operation a dialect does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ButterClient } from '../../../../src/main/client/butter/client'
import { MapscanClient } from '../../../../src/main/client/mapscan/client'
import { AppError } from '../../../../src/shared/errors'
import { docExample } from '../../../support/doc-example'

let server: Server
let base = ''
const seen: URL[] = []

/** Butter's token list for a network, 250 tokens in all, answered in pages as asked */
function tokenPage(network: string, page: number, size: number): string {
  const count = 250
  const results = []
  for (let i = (page - 1) * size; i < Math.min(count, page * size); i++) {
    results.push({ id: i, chainId: network === 'ethereum' ? '1' : '56', address: `0x${i.toString(16).padStart(40, '0')}`, decimals: 18, name: `T${i}`, symbol: `T${i}` })
  }
  return JSON.stringify({ code: 200, message: 'success', data: { count, results } })
}

beforeAll(async () => {
  const chains = docExample('butter', 'chain-list.example.txt').body.replace(
    /("isBlock": 0\s*})/,
    '$1, {"id": 3, "chainId": "56", "key": "bsc", "name": "BNB Chain", "logoUri": null, "metamask": null}'
  )
  const answers: Record<string, string> = {
    '/app/api/queryBridgeHistoryByAddress': docExample('butter', 'history-by-address.example.txt').body,
    '/app/api/queryBridgeInfoBySourceHash': docExample('butter', 'info-by-source-hash.example.txt').body,
    '/app/api/queryCrossInfoByOrderId': docExample('butter', 'info-by-order-id.example.txt').body,
    '/tokens/api/queryChainList': chains,
    '/scan/api/queryHistoryByChainIdAddress': docExample('mapscan', 'history-by-chain-id-address.example.txt').body,
    '/scan/api/queryCrossInfoBySourceHash': docExample('mapscan', 'cross-info-by-source-hash.example.txt').body,
    '/scan/api/queryCrossInfoById': docExample('mapscan', 'cross-info-by-id.example.txt').body
  }
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    seen.push(url)
    if (req.method !== 'GET') {
      res.writeHead(405).end()
      return
    }
    const body =
      url.pathname === '/tokens/api/queryTokenList'
        ? tokenPage(url.searchParams.get('network') ?? '', Number(url.searchParams.get('page')), Number(url.searchParams.get('size')))
        : answers[url.pathname]
    if (body === undefined) res.writeHead(404).end()
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const last = (): URL => seen[seen.length - 1] as URL
const butter = () => new ButterClient({ appUrl: `${base}/app`, tokensUrl: `${base}/tokens`, retries: 0 })
const scan = () => new MapscanClient({ baseUrl: `${base}/scan`, retries: 0 })
const HASH = '0xfa26d7abef03d57a938b675a46e9fb2edc15003cf50c99c73eeac2de0183d166'
const ADDRESS = '0xbf2b8bf2f05222bedde1f3330bd421fb6a0fb375'

describe('ButterClient', () => {
  it('asks the history with GET page, size, address, and chainId only when given', async () => {
    const page = await butter().queryHistory({ address: ADDRESS, pageNo: 2, pageSize: 50 })
    expect(page.list[0]?.hash).toBe(HASH)
    expect(last().pathname).toBe('/app/api/queryBridgeHistoryByAddress')
    expect(Object.fromEntries(last().searchParams)).toEqual({ page: '2', size: '50', address: ADDRESS })
    await butter().queryHistory({ address: ADDRESS, chainId: 56 })
    expect(Object.fromEntries(last().searchParams)).toEqual({ page: '1', size: '10', address: ADDRESS, chainId: '56' })
  })

  it('refuses a page size over Butter\'s documented 100 before sending', async () => {
    const before = seen.length
    await expect(new ButterClient({ appUrl: `${base}/app`, tokensUrl: `${base}/tokens`, maxPageSize: 1000 }).queryHistory({ address: ADDRESS, pageSize: 101 })).rejects.toMatchObject({ kind: 'input', field: 'pageSize' })
    expect(seen.length).toBe(before)
  })

  it('finds a transfer by source hash and by order id', async () => {
    expect((await butter().queryBridgeInfo(HASH)).sending).toBe('0.800000')
    expect(Object.fromEntries(last().searchParams)).toEqual({ hash: HASH })
    const orderId = '0x06c55c661a44abaf1089ea7285926e03d741effd09d2d932916cf99af5a3a7f0'
    expect((await butter().queryByOrderId(orderId)).sending).toBe('793.9679079533888')
    expect(Object.fromEntries(last().searchParams)).toEqual({ orderId })
  })

  it('reads every page of every network of the token list and groups it by chain', async () => {
    const before = seen.length
    const list = await butter().queryTokenList()
    expect(Object.keys(list).sort()).toEqual(['1', '56'])
    expect(list['1']).toHaveLength(250)
    expect(list['56']).toHaveLength(250)
    const asked = seen.slice(before).filter((u) => u.pathname.endsWith('queryTokenList'))
    expect(asked.map((u) => `${u.searchParams.get('network')}:${u.searchParams.get('page')}:${u.searchParams.get('size')}`)).toEqual([
      'ethereum:1:100',
      'ethereum:2:100',
      'ethereum:3:100',
      'bsc:1:100',
      'bsc:2:100',
      'bsc:3:100'
    ])
  })

  it('says it has no vault and names what it offers', async () => {
    const e: unknown = await butter().getVault().catch((error: unknown) => error)
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).message).toBe(
      "Butter's swap-data API has no TSS vault (node JSON-RPC). It offers: history by address and chain; history by address across all chains; transfer by source transaction hash; transfer by order id; token list; chain list."
    )
  })
})

describe('MapscanClient', () => {
  it('asks the history with chainId, address, page and size', async () => {
    const page = await scan().queryHistory({ address: '0x14a5b11be1f996a2c662f8968d017328b4b80c3a', chainId: 137 })
    expect(page.list.map((r) => r.id)).toEqual([322111, 322082])
    expect(last().pathname).toBe('/scan/api/queryHistoryByChainIdAddress')
    expect(Object.fromEntries(last().searchParams)).toEqual({ chainId: '137', address: '0x14a5b11be1f996a2c662f8968d017328b4b80c3a', page: '1', size: '10' })
  })

  it('finds a transfer by source hash (txHash) and by record id', async () => {
    const hash = '0xdd15df0239d4b58cf419e2e4243555fe4d862fa4caf154086222dadd3d751013'
    expect((await scan().queryBridgeInfo(hash)).fromHash).toBe(hash)
    expect(Object.fromEntries(last().searchParams)).toEqual({ txHash: hash })
    expect((await scan().queryByRecordId(322111)).fromHash).toBe(hash)
    expect(Object.fromEntries(last().searchParams)).toEqual({ id: '322111' })
  })

  it('has no chain or token list, and says so without a request', async () => {
    const before = seen.length
    await expect(scan().queryChainList()).rejects.toThrow("MAP's Bridge Scan API has no chain list. It offers: history by address and chain; transfer by source transaction hash; transfer by record id.")
    await expect(scan().queryTokenList()).rejects.toMatchObject({ kind: 'input' })
    expect(seen.length).toBe(before)
  })
})
