// MAP's Bridge Scan examples (test/fixtures/mapscan) through the decoder, against values written out by hand
// from the docs; and what the service does not provide shown as not provided, never as 0.
import { describe, expect, it } from 'vitest'
import { decodeMapscanHistory, decodeMapscanInfo, STATE_NOT_PROVIDED } from '../../../../src/main/client/mapscan/decode'
import { envelopeData } from '../../../../src/main/client/dialect-common'
import { amountText, detailSentAmount, exactAmount, receivedAmount, sentAmount, amountOrder } from '../../../../src/shared/amounts'
import { historyPageSchema, transferDetailSchema } from '../../../../src/shared/schemas/decoded'
import { exportRecord } from '../../../../src/main/dataset/export'
import { docExample } from '../../../support/doc-example'
import { transferDeliveryMs, transferOfDetail } from '../../../../src/shared/transfer'

const example = (file: string) => docExample('mapscan', file)

describe("Bridge Scan's published examples", () => {
  it('carry their requests on the curl line', () => {
    expect(example('cross-info-by-id.example.txt').request).toBe('https://bn-api.chainservice.io/api/queryCrossInfoById?id=322111')
    expect(example('history-by-chain-id-address.example.txt').request).toBe(
      'https://bn-api.chainservice.io/api/queryHistoryByChainIdAddress?address=0x14a5b11be1f996a2c662f8968d017328b4b80c3a&chainId=137&page=1&size=10'
    )
  })

  it('cross info by id: the legs, the relay leg spelled relyerInfo, times made UTC wire text', () => {
    const d = decodeMapscanInfo(envelopeData(example('cross-info-by-id.example.txt').body, 'queryCrossInfoById'), 'queryCrossInfoById')
    expect(d).toMatchObject({
      from: '0x14a5b11be1f996a2c662f8968d017328b4b80c3a',
      to: '0xa97505a93bf036f87ff398d851c06946b6ffd849',
      fromChainId: 137,
      toChainId: 22776,
      relayerChainId: 22776,
      fromChainName: 'Polygon',
      toChainName: 'MAP Protocol',
      state: 1,
      fromHeight: 59127917,
      fromHash: '0xdd15df0239d4b58cf419e2e4243555fe4d862fa4caf154086222dadd3d751013',
      relayerHeight: 12663543,
      relayerHash: '0x8e48df42c3ae18f834da59867048d313c167a3149bac9bfa62c04b78d1df36d7',
      transferInHeight: 12663543,
      transferInHash: '0x8e48df42c3ae18f834da59867048d313c167a3149bac9bfa62c04b78d1df36d7',
      timestamp: '2024-07-09 00:01:28',
      // sent at the source leg; updated at the latest: the destination's (and the relay's, the same transaction)
      times: { sent: '2024-07-09 00:01:28', updated: '2024-07-09 00:03:08' },
      completeTime: '2024-07-09 00:03:08',
      tokenObject: null
    })
    expect(d.fromChainObject).toMatchObject({ chainId: 137, contract: '0xbb21e441fb738f54e6ec244e435475096e179d66', scanUrl: 'https://polygonscan.com/' })
    expect(d.origin).toMatchObject({ dialect: 'mapscan', amount: 'absent', inAmount: 'absent', stateMeaning: 'Completed' })
    expect(d.outcome).toBe('delivered')
    expect(amountText(detailSentAmount(d))).toEqual({ text: 'not provided by this service', raw: false, missing: true })
    expect(exactAmount(detailSentAmount(d))).toBeNull()
    expect(transferDetailSchema.safeParse(d).success).toBe(true)
  })

  it('sent and last updated: the source leg\'s time and the latest leg\'s present, as the transfer model reads them', () => {
    const body = envelopeData(example('cross-info-by-id.example.txt').body, 'queryCrossInfoById') as Record<string, Record<string, unknown>>
    const at = (leg: string, timestamp: string) => ({ ...body[leg], timestamp })
    const times = (data: unknown) => {
      const d = decodeMapscanInfo(data, 'queryCrossInfoById')
      return [d.times?.sent, d.times?.updated, transferOfDetail(d).times.updated?.slice(0, 19).replace('T', ' ')]
    }
    // crossing, only the source leg so far: its last update is its sending
    expect(times({ sourceInfo: body.sourceInfo, state: 0 })).toEqual(['2024-07-09 00:01:28', '2024-07-09 00:01:28', '2024-07-09 00:01:28'])
    // on the relay chain, not yet delivered
    expect(times({ sourceInfo: body.sourceInfo, relyerInfo: at('relyerInfo', '2024-07-09T00:02:10.000+00:00'), state: 2 })).toEqual([
      '2024-07-09 00:01:28',
      '2024-07-09 00:02:10',
      '2024-07-09 00:02:10'
    ])
    // every leg, the relay's written later than the destination's: the latest one, whichever leg it is
    expect(
      times({ ...body, relyerInfo: at('relyerInfo', '2024-07-09T00:05:00.000+00:00'), destinationInfo: at('destinationInfo', '2024-07-09T00:03:08.000+00:00') })
    ).toEqual(['2024-07-09 00:01:28', '2024-07-09 00:05:00', '2024-07-09 00:05:00'])
    // an offset other than UTC's is made UTC before it is compared
    expect(times({ sourceInfo: body.sourceInfo, destinationInfo: at('destinationInfo', '2024-07-09T02:03:08.000+02:00'), state: 1 })[1]).toBe('2024-07-09 00:03:08')
  })

  it('a completed transfer lasted from its source leg to its destination leg, as the Transfer view reads it', () => {
    const d = decodeMapscanInfo(envelopeData(example('cross-info-by-id.example.txt').body, 'queryCrossInfoById'), 'queryCrossInfoById')
    // 00:01:28 → 00:03:08
    expect(transferDeliveryMs(transferOfDetail(d))).toBe(100_000)
  })

  it('cross info by source hash: the same transfer as by id', () => {
    const byHash = decodeMapscanInfo(envelopeData(example('cross-info-by-source-hash.example.txt').body, 'queryCrossInfoBySourceHash'), 'queryCrossInfoBySourceHash')
    const byId = decodeMapscanInfo(envelopeData(example('cross-info-by-id.example.txt').body, 'queryCrossInfoById'), 'queryCrossInfoById')
    expect(byHash).toEqual(byId)
  })

  it('history: two records, destinationChainInfo read, total null counted from the page, no amounts and no state', () => {
    const page = decodeMapscanHistory(envelopeData(example('history-by-chain-id-address.example.txt').body, 'queryHistoryByChainIdAddress'), { pageNo: 1, pageSize: 10 })
    expect(page.total).toBe(2)
    expect(page.list.map((r) => [r.id, r.hash, r.height, r.timestamp, r.fromChainid, r.toChainid, r.transferinHash, r.transferinHeight, r.relayerHash])).toEqual([
      [322111, '0xdd15df0239d4b58cf419e2e4243555fe4d862fa4caf154086222dadd3d751013', 59127917, '2024-07-09 00:01:28', 137, 22776, '0x8e48df42c3ae18f834da59867048d313c167a3149bac9bfa62c04b78d1df36d7', 12663543, null],
      [322082, '0x326cfe03b637e19de141d25556e5f9f0c24d3fea30982432ef17761029c741e7', 59124846, '2024-07-08 22:12:35', 137, 22776, '0x60d85e2c625fe28df7bacddeb9add08702520f59aeb916b403853d0ac7902e10', 12662231, null]
    ])
    const r = page.list[0]!
    // a history record has the source leg's time only: its last update is not provided, never made up
    expect([r.timestamp, r.updatedAt]).toEqual(['2024-07-09 00:01:28', ''])
    expect(r.origin?.notProvided).toContain('updatedAt')
    expect(r.from).toBe('0x14a5b11be1f996a2c662f8968d017328b4b80c3a')
    expect(r.state).toBe(STATE_NOT_PROVIDED)
    expect(r.origin?.notProvided).toEqual(expect.arrayContaining(['amount', 'inAmount', 'tokenObject', 'state', 'to']))
    expect(amountText(sentAmount(r)).text).toBe('not provided by this service')
    expect(amountText(receivedAmount(r)).text).toBe('not provided by this service')
    // sorted below every amount, exported empty: never a 0
    expect(amountOrder(sentAmount(r))).toBeLessThan(amountOrder({ wire: '0', decimals: 6, symbol: null }))
    expect(exportRecord(r)).toMatchObject({ amountWire: null, amount: null, receivedWire: null, received: null, token: null })
    expect(historyPageSchema.safeParse(page).success).toBe(true)
  })

  it('a full page without a total promises one more page; a short one ends the history', () => {
    const body = envelopeData(example('history-by-chain-id-address.example.txt').body, 'q')
    expect(decodeMapscanHistory(body, { pageNo: 3, pageSize: 2 }).total).toBe(7)
    expect(decodeMapscanHistory(body, { pageNo: 3, pageSize: 5 }).total).toBe(12)
  })

  it('reads the prose\'s spelling destinationInfo for the destination chain too', () => {
    const text = example('history-by-chain-id-address.example.txt').body.replaceAll('"destinationChainInfo"', '"destinationInfo"')
    const page = decodeMapscanHistory(envelopeData(text, 'q'), { pageNo: 1, pageSize: 10 })
    expect(page.list.map((r) => r.toChainid)).toEqual([22776, 22776])
  })
})
