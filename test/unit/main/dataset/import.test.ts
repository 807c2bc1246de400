// Any record any dialect decodes → our model → an export (CSV or JSON) → read back: the same exact amounts, the
// same sent and received tokens (symbol, address, decimals) and the same outcome. The records come from each
// dialect's real decoder, fed wire bodies whose amounts (up to 40 digits, past 2^53), decimals (0–36), tokens
// and state numbers (named by the dialect's sources or not) fast-check chooses.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decodeHistoryPage } from '../../../../src/main/client/mcs/decode'
import { decodeButterHistory, decodeButterInfo } from '../../../../src/main/client/butter/decode'
import { decodeMapscanHistory } from '../../../../src/main/client/mapscan/decode'
import { envelopeData } from '../../../../src/main/client/dialect-common'
import { readExport, csvRows } from '../../../../src/main/dataset/import'
import { toCsv, toJson } from '../../../../src/main/dataset/export'
import { withReceivedTokens } from '../../../../src/shared/amounts'
import { transferOfDetail, transferOfRecord, type Transfer } from '../../../../src/shared/transfer'
import type { TokenList, TransferRecord } from '../../../../src/shared/schemas/wire'
import { docExample } from '../../../support/doc-example'

const hex = (n: number, c: string): string => `0x${c.repeat(n)}`
const digits = fc.stringMatching(/^[1-9]\d{0,39}$/)
const decimals = fc.integer({ min: 0, max: 36 })
const state = fc.integer({ min: 0, max: 8 })
const symbol = fc.stringMatching(/^[A-Z]{2,6}$/)
const address = fc.stringMatching(/^0x[0-9a-f]{40}$/)

/** Our original dialect's wire record (the interface's fields), its detail objects as JSON text. */
function mcsWire(amount: string, inAmount: string, st: number, dec: number, sym: string, tokenAddress: string): Record<string, unknown> {
  const chain = (chainId: number, name: string) => JSON.stringify({ chain: name, chainId, chainImg: '', chainName: name, contract: hex(40, '1'), gasLimit: '0', id: chainId, rpc: '', scanUrl: 'https://scan.example/' })
  return {
    id: 7, chain: 'eth', fromChainid: 1, toChainid: 56, contract: hex(40, '1'), from: hex(40, 'a'), to: hex(40, 'b'), tokenAddress,
    amount: `${amount}.000000`, inAmount: `${inAmount}.000000`, orderId: hex(64, '4'), hash: hex(64, '5'), height: 10, confirmHeight: 12,
    relayerSendHash: null, relayerSendHeight: null, relayerChainid: null, relayerHash: null, relayerHeight: null, relayerContract: null, relayerConfirmHeight: null,
    state: st, type: 0, timestamp: '2026-11-20 10:00:00', createdAt: '2026-11-20 10:00:00', updatedAt: '2026-11-20 10:04:30',
    transferinHash: st === 1 ? hex(64, '6') : '', transferinHeight: 0, transferinContract: '', transferinSendHash: '', transferinConfirmHeight: 0, transferinSendHeight: null,
    fromChainObject: chain(1, 'Ethereum'), toChainObject: chain(56, 'BNB'),
    tokenObject: JSON.stringify({ address: tokenAddress, chainId: 1, decimal: dec, id: 1, img: '', isMint: 0, name: sym, symbol: sym, tokenId: sym })
  }
}

const mcsRecord = fc
  .record({ amount: digits, inAmount: digits, st: state, dec: decimals, destDec: decimals, sym: symbol, src: address, dst: address, listed: fc.boolean() })
  .map(({ amount, inAmount, st, dec, destDec, sym, src, dst, listed }) => {
    const page = decodeHistoryPage({ list: [mcsWire(amount, inAmount, st, dec, sym, src)], total: 1 })
    const list: TokenList = listed ? { '56': [{ id: 2, tokenId: sym, address: dst, name: sym, chainId: 56, isMint: 0, symbol: sym, decimal: destDec, img: '', vaultToken: null, vaultDecimal: null, pid: null }] } : {}
    return withReceivedTokens(page.list, list)[0] as TransferRecord
  })

/** Butter's published history example, one record, its amounts, tokens and state replaced (the amounts as raw JSON numbers). */
const butterRecord = fc
  .record({ amount: digits, inAmount: digits, st: state, dec: decimals, destDec: decimals, sym: symbol, destSym: symbol, dst: address })
  .map(({ amount, inAmount, st, dec, destDec, sym, destSym, dst }) => {
    const body = JSON.parse(docExample('butter', 'history-by-address.example.txt').body) as { data: { list: Record<string, unknown>[] } }
    const r = body.data.list[0] as Record<string, unknown> & { sourceToken: Record<string, unknown>; destinationToken: Record<string, unknown> }
    r.state = st
    r.sourceToken = { ...r.sourceToken, symbol: sym, decimal: dec }
    r.destinationToken = { ...r.destinationToken, symbol: destSym, decimal: destDec, address: dst }
    r.amount = 0
    r.inAmount = 0
    body.data.list = [r]
    const text = JSON.stringify(body).replace('"amount":0', `"amount":${amount}`).replace('"inAmount":0', `"inAmount":${inAmount}`)
    return decodeButterHistory(envelopeData(text, 'queryBridgeHistoryByAddress')).list[0] as TransferRecord
  })

/** Bridge Scan's published history example: no amounts, no state — the model must say so after the trip too. */
const mapscanRecords = decodeMapscanHistory(envelopeData(docExample('mapscan', 'history-by-chain-id-address.example.txt').body, 'queryHistoryByChainIdAddress'), { pageNo: 1, pageSize: 10 }).list

/** What must survive the trip: exact amounts, both tokens, the outcome (and the legs' chains and hashes). */
function kept(t: Transfer) {
  // a token is its symbol, address and decimals (its display name is not exported)
  const token = (t: Transfer['sent']['token']) => (t === null ? null : { symbol: t.symbol, address: t.address, decimals: t.decimals })
  const amount = (a: Transfer['sent']) => ({ value: a.value, wire: a.wire, token: token(a.token), known: a.missing === null })
  return { hash: t.hash, dialect: t.dialect, sent: amount(t.sent), received: amount(t.received), outcome: t.outcome, state: t.state.number, legs: [t.legs.source.chainId, t.legs.destination.chainId, t.legs.destination.hash] }
}

function roundTrip(records: TransferRecord[]): void {
  const models = records.map(transferOfRecord)
  for (const text of [toCsv(records), toJson(records)]) expect(readExport(text).map(kept)).toEqual(models.map(kept))
}

describe('a transfer read back from its export', () => {
  it('keeps the exact amounts, tokens and outcome of any record our original dialect decodes', () => {
    fc.assert(fc.property(fc.array(mcsRecord, { minLength: 1, maxLength: 4 }), roundTrip), { numRuns: 150 })
  })

  it("keeps those of any record Butter's decoder reads: a swap's received token is its own", () => {
    fc.assert(
      fc.property(fc.array(butterRecord, { minLength: 1, maxLength: 4 }), (records) => {
        roundTrip(records)
        for (const t of readExport(toCsv(records))) if (t.received.token) expect(t.received.token.address).toMatch(/^0x[0-9a-f]{40}$/)
      }),
      { numRuns: 150 }
    )
  })

  it("keeps Bridge Scan's records, which carry no amount: still none after the trip, never 0", () => {
    roundTrip(mapscanRecords)
    for (const t of readExport(toJson(mapscanRecords))) {
      expect(t.sent.value).toBeNull()
      expect(t.sent.missing).not.toBeNull()
    }
  })

  it("a swap's detail: Butter's published example in human units, its received token apart from the sent one", () => {
    const info = decodeButterInfo(envelopeData(docExample('butter', 'info-by-order-id.example.txt').body, 'queryCrossInfoByOrderId'), 'queryCrossInfoByOrderId')
    const t = transferOfDetail(info)
    expect(t.sent.unit).toBe('token')
    expect(t.sent.value).toMatch(/^\d+(\.\d+)?$/)
    expect(t.fee?.value).not.toBeUndefined()
  })
})

describe('reading an export refuses what it cannot vouch for, naming row and column', () => {
  const one = (): TransferRecord[] => [decodeHistoryPage({ list: [mcsWire('1000000', '990000', 1, 6, 'USDT', hex(40, 'c'))], total: 1 }).list[0] as TransferRecord]

  it('a visible-columns export cannot be read back: the header says which columns are missing', () => {
    expect(() => readExport('timestamp,hash\n2026-11-20 10:00:00 UTC,0x1\n')).toThrow(/lacks .*amount/)
  })

  it('an amount that is not an exact decimal, an unknown outcome, a torn row', () => {
    const rows = JSON.parse(toJson(one())) as Record<string, unknown>[]
    expect(() => readExport(JSON.stringify([{ ...rows[0], amount: '1e5' }]))).toThrow(/row 1, column amount/)
    expect(() => readExport(JSON.stringify([{ ...rows[0], outcome: 'lost' }]))).toThrow(/row 1, column outcome/)
    const csv = toCsv(one()).trim().split('\n')
    expect(() => readExport(`${csv[0]}\n${csv[1]},extra\n`)).toThrow(/row 1: \d+ cells/)
  })

  it('a formula guard written by the export is taken off again, and quoted cells keep their commas and quotes', () => {
    expect(csvRows(`a,b\n'=1+1,"x, ""y"""\n`)).toEqual([['a', 'b'], ['=1+1', 'x, "y"']])
  })

  it('the row of a delivered transfer gives its received amount; an in-flight one says nothing arrived yet', () => {
    const list: TokenList = { '56': [{ id: 2, tokenId: 'USDT', address: hex(40, 'd'), name: 'USDT', chainId: 56, isMint: 0, symbol: 'USDT', decimal: 6, img: '', vaultToken: null, vaultDecimal: null, pid: null }] }
    const [delivered] = readExport(toCsv(withReceivedTokens(one(), list)))
    expect(delivered?.received).toMatchObject({ value: '0.99', token: { symbol: 'USDT', address: hex(40, 'd'), decimals: 6 }, missing: null })
    const pending = decodeHistoryPage({ list: [mcsWire('1000000', '0', 0, 6, 'USDT', hex(40, 'c'))], total: 1 }).list
    const [crossing] = readExport(toJson(withReceivedTokens(pending, list)))
    expect(crossing?.received).toMatchObject({ value: null, wire: null, missing: 'not received yet' })
    expect(crossing?.outcome).toBe('in-flight')
  })
})
