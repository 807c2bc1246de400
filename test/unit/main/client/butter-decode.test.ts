// Butter's published examples (test/fixtures/butter) through the decoder, against values written out by hand
// from the docs; and any amount in any of Butter's three encodings decoding to the same exact value.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decodeButterChains, decodeButterHistory, decodeButterInfo, decodeButterTokenPage, groupTokens, splitFee } from '../../../../src/main/client/butter/decode'
import { envelopeData } from '../../../../src/main/client/dialect-common'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { amountText, detailReceivedAmount, detailSentAmount, exactAmount, receivedAmount, sentAmount } from '../../../../src/shared/amounts'
import { historyPageSchema, transferDetailSchema } from '../../../../src/shared/schemas/decoded'
import { AppError } from '../../../../src/shared/errors'
import { notProvided } from '../../../../src/shared/schemas/origin'
import { BUTTER_ORDER_TRANSFER, docExample } from '../../../support/doc-example'

const history = () => decodeButterHistory(envelopeData(docExample('butter', 'history-by-address.example.txt').body, 'queryBridgeHistoryByAddress'))
const info = (file: string, op: string) => decodeButterInfo(envelopeData(docExample('butter', file).body, op), op)

describe("Butter's published examples", () => {
  it('keep the defects their source note names: non-breaking spaces and elisions', () => {
    const h = docExample('butter', 'history-by-address.example.txt').published
    expect(h.split('\u00a0').length - 1).toBe(245)
    expect(h).toContain('......')
    expect(() => JSON.parse(h)).toThrow()
  })

  it('history by address: one record, raw smallest units past 2^53 kept as sent', () => {
    const page = history()
    expect(page.total).toBe(29)
    expect(page.list).toHaveLength(1)
    const r = page.list[0]!
    expect(r).toMatchObject({
      id: 85510,
      from: '0xecef0d873d909730da0f446d3afac15ef19b45b1',
      to: '0xa06e0f8851438115628c5780480c53017d405e4e',
      fromChainid: 56,
      toChainid: 22776,
      hash: '0xfa26d7abef03d57a938b675a46e9fb2edc15003cf50c99c73eeac2de0183d166',
      height: 30328761,
      transferinHash: '0xf56080d26a008eaecba32e3f99ee38016554cc0ba2a20127b24b81b33dc0d36a',
      transferinHeight: 6736439,
      orderId: '0x06c55c661a44abaf1089ea7285926e03d741effd09d2d932916cf99af5a3a7f0',
      tokenAddress: '0x55d398326f99059ff775485246999027b3197955',
      amount: '793967907953388800000',
      inAmount: '793173940045435400000',
      state: 1,
      type: 0,
      timestamp: '2023-07-27 12:21:22',
      createdAt: '2023-07-27 12:21:22',
      updatedAt: '2023-07-27 12:23:58',
      stable: null,
      received: { decimals: 18, symbol: 'USDT' }
    })
    expect(r.tokenObject).toMatchObject({ symbol: 'USDT', decimal: 18, chainId: 56, address: '0x55d398326f99059fF775485246999027B3197955' })
    expect(r.fromChainObject).toMatchObject({ chainId: 56, chainName: 'BNB Chain', scanUrl: 'https://bscscan.com/' })
    expect(r.toChainObject).toMatchObject({ chainId: 22776, chainName: 'MAP Relayer Chain', scanUrl: 'https://mapscan.io/' })
    expect(r.origin).toMatchObject({ dialect: 'butter', amount: 'raw', inAmount: 'raw', stateMeaning: 'Completed' })
    expect(r.outcome).toBe('delivered')
    expect(r.origin?.notProvided).toEqual(expect.arrayContaining(['confirmHeight', 'stable']))
    expect(exactAmount(sentAmount(r))).toBe('793.9679079533888')
    expect(exactAmount(receivedAmount(r))).toBe('793.1739400454354')
    expect(amountText(sentAmount(r), { symbol: true }).text).toBe('793.9679079533888 USDT')
    // what the cache stores passes the cache's own schema
    expect(historyPageSchema.safeParse(page).success).toBe(true)
  })

  it('order id: human-unit JSON floats kept as the digits sent, the same transfer as the history record', () => {
    const d = info('info-by-order-id.example.txt', 'queryCrossInfoByOrderId')
    expect(d).toMatchObject(BUTTER_ORDER_TRANSFER)
    expect(d.origin).toMatchObject({ dialect: 'butter', amount: 'human', inAmount: 'human' })
    expect(exactAmount(detailSentAmount(d))).toBe(exactAmount(sentAmount(history().list[0]!)))
    expect(amountText(detailReceivedAmount(d), { symbol: true }).text).toBe('793.1739400454354 USDT')
    expect(transferDetailSchema.safeParse(d).success).toBe(true)
  })

  it('source hash: six fractional digits in HUMAN units, where the original dialect would mean raw ones', () => {
    const d = info('info-by-source-hash.example.txt', 'queryBridgeInfoBySourceHash')
    expect(d).toMatchObject({
      coin: 'USDT',
      from: '0x55d398326f99059fF775485246999027B3197955',
      to: '0x386ce1a187ec7329cfb8e467eb02fb07c698256a',
      sending: '0.800000',
      receiving: '0.598400',
      fromChainId: 56,
      toChainId: 22776,
      relayerChainId: null,
      state: 1,
      fromHash: '0x9b898a22e55cb6be8f4411217e486b1ef7343426bf63e35689745a8ce8a91816',
      transferInHash: '0xaac6b9f9b67ebbff9dc9636be4b62051b3527329b09a9f1311a4562a840d98ee',
      timestamp: '2023-07-27 12:21:22',
      completeTime: '2023-07-27 12:23:58',
      fee: null
    })
    expect(d.origin?.stateMeaning).toBe('Completed')
    expect(d.outcome).toBe('delivered')
    expect(exactAmount(detailSentAmount(d))).toBe('0.8')
    expect(exactAmount(detailReceivedAmount(d))).toBe('0.5984')
    // the same text in the original dialect is 0.8 of a smallest unit
    expect(exactAmount(sentAmount({ amount: '0.800000', tokenObject: { decimal: 18, symbol: 'USDT' } }))).toBe('0.0000000000000000008')
  })

  it("source hash: the page's second example reads as the order-id page's", () => {
    expect(info('info-by-source-hash.second-example.txt', 'queryBridgeInfoBySourceHash')).toEqual(info('info-by-order-id.example.txt', 'queryBridgeInfoBySourceHash'))
  })

  it('chain list: the chain, its key and what its metamask text says', () => {
    const chains = decodeButterChains(envelopeData(docExample('butter', 'chain-list.example.txt').body, 'queryChainList'))
    expect(chains).toHaveLength(1)
    expect(chains[0]).toMatchObject({
      id: 1,
      chainId: 1,
      chain: 'ethereum',
      key: 'ethereum',
      chainName: 'Ethereum',
      chainImg: 'https://s3.amazonaws.com/map-static-file/mapSwap/ethereum.svg',
      scanUrl: 'https://etherscan.io/',
      rpc: 'https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161'
    })
  })

  it('token list: one page of a network, grouped by chain', () => {
    const page = decodeButterTokenPage(envelopeData(docExample('butter', 'token-list.example.txt').body, 'queryTokenList'))
    expect(page.count).toBe(12)
    expect(groupTokens(page.tokens)).toEqual({
      '1030': [
        {
          id: 34744,
          tokenId: '',
          address: '0x0000000000000000000000000000000000000000',
          name: 'Conflux',
          chainId: 1030,
          isMint: 0,
          symbol: 'CFX',
          decimal: 18,
          img: 'https://map-static-file.s3.amazonaws.com/mapSwap/conflux/0x0000000000000000000000000000000000000000.png',
          vaultToken: null,
          vaultDecimal: null,
          pid: null
        }
      ]
    })
  })
})

describe("Butter's answers where the docs disagree with themselves", () => {
  const orderBody = () => parseLossless(docExample('butter', 'info-by-order-id.example.txt').body) as { data: { info: Record<string, unknown> } }

  it('reads fromToken/receiveToken (the field table) as sourceToken/destinationToken (the examples)', () => {
    const body = orderBody()
    const i = body.data.info
    i.fromToken = i.sourceToken
    i.receiveToken = i.destinationToken
    delete i.sourceToken
    delete i.destinationToken
    const d = decodeButterInfo(body.data, 'queryBridgeInfoBySourceHash')
    expect(d).toMatchObject({ coin: 'USDT', fromDecimal: 18, receiveDecimal: 18 })
  })

  it('refuses an answer with no source token under either name, naming the field', () => {
    const body = orderBody()
    delete body.data.info.sourceToken
    const e = (() => {
      try {
        decodeButterInfo(body.data, 'queryCrossInfoByOrderId')
      } catch (error) {
        return error
      }
    })()
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).toData()).toMatchObject({ kind: 'decode', operation: 'queryCrossInfoByOrderId', field: 'sourceToken' })
  })

  it('a crossing transfer (no destination yet) says its received amount is not known yet, never 0', () => {
    const body = docExample('butter', 'history-by-address.example.txt').body.replace('"inAmount": 793173940045435400000', '"inAmount": null')
    const r = decodeButterHistory(envelopeData(body, 'queryBridgeHistoryByAddress')).list[0]!
    expect(amountText(receivedAmount(r))).toEqual({ text: 'not known yet', raw: false, missing: true })
  })

  it("a crossing transfer's last update is not provided (Butter gives only a completion time), a completed one's is its completion", () => {
    const sent = docExample('butter', 'history-by-address.example.txt').body
    const crossing = sent.replace('"completeTime": "2023-07-27 12:23:58"', '"completeTime": null')
    expect(crossing).not.toBe(sent)
    const done = decodeButterHistory(envelopeData(sent, 'queryBridgeHistoryByAddress')).list[0]!
    const open = decodeButterHistory(envelopeData(crossing, 'queryBridgeHistoryByAddress')).list[0]!
    expect(done.updatedAt).toBe('2023-07-27 12:23:58')
    expect(notProvided(done.origin, 'updatedAt')).toBe(false)
    expect(open.updatedAt).toBe('')
    expect(notProvided(open.origin, 'updatedAt')).toBe(true)
    // nothing else the record lacks changed
    expect(open.origin?.notProvided.filter((f) => f !== 'updatedAt')).toEqual(done.origin?.notProvided)
    expect(notProvided(open.origin, 'timestamp')).toBe(false)
  })

  it('splits a fee with its symbol glued on', () => {
    expect(splitFee('0.793967907953388772USDT')).toEqual({ value: '0.793967907953388772', symbol: 'USDT' })
    expect(splitFee('12')).toEqual({ value: '12', symbol: null })
    expect(splitFee('USDT')).toBeNull()
  })
})

describe('any amount in any of the three encodings', () => {
  const history = docExample('butter', 'history-by-address.example.txt').body
  const order = docExample('butter', 'info-by-order-id.example.txt').body
  const byHash = docExample('butter', 'info-by-source-hash.example.txt').body

  /** raw units → human text with `digits` fractional digits, exactly (digits ≥ decimals or trailing zeros only) */
  function human(raw: bigint, decimals: number, minFraction: number): string {
    const s = raw.toString().padStart(decimals + 1, '0')
    const int = s.slice(0, s.length - decimals)
    let frac = s.slice(s.length - decimals).replace(/0+$/, '')
    frac = frac.padEnd(minFraction, '0')
    return frac === '' ? int : `${int}.${frac}`
  }

  it('decodes to the same exact value: raw integer (history), human JSON number (order id), human string (source hash)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }), (raw, decimals) => {
        const h = decodeButterHistory(
          envelopeData(history.replace('"amount": 793967907953388800000', `"amount": ${raw}`).replace(/"decimal": 18/g, `"decimal": ${decimals}`), 'q')
        ).list[0]!
        const o = decodeButterInfo(
          envelopeData(order.replace('"amount": 793.9679079533888', `"amount": ${human(raw, decimals, 0)}`).replace('"fromTokenDecimal": 18', `"fromTokenDecimal": ${decimals}`), 'q'),
          'q'
        )
        const s = decodeButterInfo(envelopeData(byHash.replace('"amount": "0.800000"', `"amount": "${human(raw, decimals, 6)}"`), 'q'), 'q')
        const want = exactAmount(sentAmount(h))
        expect(want).not.toBeNull()
        expect(exactAmount(detailSentAmount(o))).toBe(want)
        expect(exactAmount(detailSentAmount(s))).toBe(want)
      }),
      { numRuns: 200 }
    )
  })
})
