// Butter's answers in the shapes its real clients' types allow (test/fixtures/butter/clients, with their
// sources in test/fixtures/butter/SOURCES.md), through the decoders: what each shape reads as, what a user sees
// of a swap's received side, and what is still refused (naming the record and the field).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeButterChains, decodeButterHistory, decodeButterHistoryBody, decodeButterInfo, decodeButterTokenPage, quickButterHistory } from '../../../../src/main/client/butter/decode'
import { decodeMapscanHistory } from '../../../../src/main/client/mapscan/decode'
import { envelopeData } from '../../../../src/main/client/dialect-common'
import { amountText, detailReceivedAmount, detailSentAmount, exactAmount, receivedAmount, sentAmount, withReceivedTokens } from '../../../../src/shared/amounts'
import { historyPageSchema, transferDetailSchema } from '../../../../src/shared/schemas/decoded'
import { AppError } from '../../../../src/shared/errors'

const fixture = (name: string): string => readFileSync(join(__dirname, '../../../fixtures/butter/clients', name), 'utf8')
const data = (name: string, op: string): unknown => envelopeData(fixture(name), op)
const HISTORY = 'queryBridgeHistoryByAddress'

function refusal(f: () => unknown): AppError {
  try {
    f()
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('not refused')
}

describe("Butter's history as its SDK types it and its widget reads it", () => {
  const page = decodeButterHistoryBody(fixture('history-swap-and-crossing.json'), HISTORY)
  const [swap, crossing] = page.list

  it('a swap: 0.5 ETH sent, 1,500 USDC received (receiveAmount in receiveTokenDict), not the bridge token', () => {
    expect(swap?.tokenObject?.symbol).toBe('ETH')
    expect(amountText(sentAmount(swap!), { symbol: true }).text).toBe('0.5 ETH')
    expect(swap?.received).toEqual({ decimals: 6, symbol: 'USDC', address: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359' })
    expect(swap?.inAmount).toBe('1500000000')
    expect(amountText(receivedAmount(swap!), { symbol: true }).text).toBe('1,500 USDC')
    expect(swap?.outcome).toBe('delivered')
  })

  it('a token list that has the sent symbol on the destination chain does not rename what was received', () => {
    const list = { '137': [{ id: 1, tokenId: '', address: '0x7ceb', name: 'Ether', chainId: 137, isMint: 0 as const, symbol: 'ETH', decimal: 18, img: '', vaultToken: null, vaultDecimal: null, pid: null }] }
    const [r] = withReceivedTokens([structuredClone(swap!)], list)
    expect(r?.received?.symbol).toBe('USDC')
    expect(amountText(receivedAmount(r!), { symbol: true }).text).toBe('1,500 USDC')
  })

  it('a crossing record: its destination chain of nulls is no chain, its height as digits, its decimals as digits', () => {
    expect(crossing).toMatchObject({ height: 41000000, toChainid: 1, transferinHash: '', outcome: 'in-flight' })
    expect(crossing?.toChainObject).toBeNull()
    expect(crossing?.fromChainObject).toMatchObject({ chainId: 56, chainName: 'BNB Chain', scanUrl: '', chainImg: '' })
    expect(crossing?.tokenObject?.decimal).toBe(18)
    expect(exactAmount(sentAmount(crossing!))).toBe('250')
    expect(exactAmount(receivedAmount(crossing!))).toBeNull()
  })

  it('the quick way and the exact path give the same page, and the cache takes it', () => {
    expect(decodeButterHistory(data('history-swap-and-crossing.json', HISTORY))).toEqual(page)
    expect(historyPageSchema.safeParse(page).success).toBe(true)
    // the crossing record's nulls send the page to the exact path; the swap alone takes the quick way
    const swapOnly = fixture('history-swap-and-crossing.json').replace(/,\s*\{\s*"id": 91002[\s\S]*\}\s*\]/, ']')
    expect(quickButterHistory(swapOnly)?.list[0]).toEqual(swap)
  })

  it('still refuses a record no client could read, naming the record and the field', () => {
    const text = fixture('history-swap-and-crossing.json')
    const noHeight = refusal(() => decodeButterHistoryBody(text.replace('"sourceHeight": "41000000"', '"sourceHeight": "high"'), HISTORY))
    expect(noHeight).toMatchObject({ kind: 'decode', field: 'sourceHeight' })
    expect(noHeight.message).toContain('record 1 ')
    const noSourceChain = refusal(() => decodeButterHistoryBody(text.replace('"fromChainId": "56"', '"fromChainId": null').replace('"chainId": "56", "chainName": "BNB Chain"', '"chainId": null, "chainName": "BNB Chain"'), HISTORY))
    expect(noSourceChain).toMatchObject({ kind: 'decode', field: 'fromChainId' })
    const noDecimals = refusal(() => decodeButterHistoryBody(text.replace('"decimal": "18", ', ''), HISTORY))
    expect(noDecimals).toMatchObject({ kind: 'decode', field: 'sourceToken.decimal' })
    expect(noDecimals.message).toContain('record 1 ')
  })
})

describe("Butter's single transfer as its widget and shapeshift's swapper read it", () => {
  it('a swap: "Receiving 1,500 USDC" for 0.5 ETH sent; the bridge token and inAmount are not what arrived', () => {
    const d = decodeButterInfo(data('detail-swap.json', 'queryBridgeInfoBySourceHash'), 'queryBridgeInfoBySourceHash')
    expect(amountText(detailSentAmount(d), { symbol: true }).text).toBe('0.5 ETH')
    expect(amountText(detailReceivedAmount(d), { symbol: true }).text).toBe('1,500 USDC')
    expect(d).toMatchObject({ coin: 'ETH', receiving: '1500', receiveSymbol: 'USDC', receiveDecimal: 6, toChainId: 137, outcome: 'delivered' })
    expect(d.receiveToken).toEqual({ address: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', symbol: 'USDC', decimals: 6 })
    expect(transferDetailSchema.safeParse(d).success).toBe(true)
  })

  it('in flight with toChain null: "in flight", not a decode error; the destination named by the receive token', () => {
    const d = decodeButterInfo(data('detail-crossing.json', 'queryCrossInfoByOrderId'), 'queryCrossInfoByOrderId')
    expect(d).toMatchObject({ outcome: 'in-flight', toChainObject: null, toChainName: '', toChainId: 1, transferInHash: '', fromChainId: 56, coin: 'USDT' })
    expect(d.fromChainObject).toMatchObject({ chainId: 56, contract: '0xfeb2b97e4efce787c08086dc16ab69e063911380' })
    expect(amountText(detailReceivedAmount(d)).missing).toBe(true)
    expect(transferDetailSchema.safeParse(d).success).toBe(true)
  })
})

describe("Butter's chain and token lists as its SDK and WDK read them", () => {
  it('nativeToken as JSON text or an object, a chain without id, null members; the chain no client can place is dropped alone', () => {
    const chains = decodeButterChains(data('chain-list.json', 'queryChainList'))
    expect(chains.map((c) => [c.chainId, c.key, c.chainName, c.rpc])).toEqual([
      [1, 'ethereum', 'Ethereum', 'https://eth.example/rpc'],
      [56, 'bsc', 'BNB Chain', ''],
      [137, 'polygon', 'polygon', '']
    ])
    expect(chains[1]?.id).toBe(56)
  })

  it('a list of which no chain reads is refused, naming the chain and the field', () => {
    const e = refusal(() => decodeButterChains({ chains: [{ key: 'x', name: 'X' }] }))
    expect(e).toMatchObject({ kind: 'decode', field: 'chainId' })
    expect(e.message).toContain('chain 0 ')
  })

  it('token decimals as a number, as digits, or spelled decimal', () => {
    const { tokens, count } = decodeButterTokenPage(data('token-page.json', 'queryTokenList'))
    expect(count).toBe(3)
    expect(tokens.map((t) => [t.symbol, t.decimal, t.name])).toEqual([
      ['USDT', 18, 'Tether USD'],
      ['USDC', 18, 'USD Coin'],
      ['WBNB', 18, 'WBNB']
    ])
    const e = refusal(() => decodeButterTokenPage({ count: 1, results: [{ chainId: '56', address: '0x1', symbol: 'X' }] }))
    expect(e).toMatchObject({ kind: 'decode', field: 'decimals' })
  })
})

describe("Bridge Scan's history with heights as digits and null chain members", () => {
  it('reads them, and refuses a record whose source chain names no chain', () => {
    const record = {
      id: 1,
      sourceAddress: '0xa',
      sourceHash: '0xb',
      sourceHeight: '123',
      sourceTimestamp: 1700000000000,
      sourceChainInfo: { chainId: '56', chainName: 'BNB Chain', scanUrl: null, chainImg: null },
      destinationChainInfo: { chainId: null, chainName: null, scanUrl: null }
    }
    const page = decodeMapscanHistory({ list: [record], total: null }, { pageNo: 1, pageSize: 10 })
    expect(page.list[0]).toMatchObject({ height: 123, fromChainid: 56, toChainObject: null })
    const e = refusal(() => decodeMapscanHistory({ list: [{ ...record, sourceChainInfo: { chainId: null, chainName: 'x' } }] }, { pageNo: 1, pageSize: 10 }))
    expect(e).toMatchObject({ kind: 'decode', field: 'sourceChainInfo.chainId' })
    expect(e.message).toContain('record 0 ')
  })
})
