// An export of the whole history keeps every field; an export of the visible columns holds exactly the
// fields of the table's columns the user sees, in the table's order, with amounts as exact as the whole one.
import { describe, expect, it } from 'vitest'
import { exportColumns, exportRecord, toCsv, toJson } from '../../../../src/main/dataset/export'
import { defaultSettings } from '../../../../src/shared/schemas/settings'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { transferColumnIds } from '../../../../src/shared/transfer-columns'
import { channels } from '../../../../src/shared/contract'

const chain = { chain: 'eth', chainId: 1, chainImg: '', chainName: 'Ethereum', contract: '0xc', gasLimit: '1', id: 1, rpc: 'https://r', scanUrl: 'https://s' }

function record(over: Partial<TransferRecord> = {}): TransferRecord {
  return {
    id: 1,
    fromChainid: 1,
    toChainid: 56,
    from: `0x${'1'.repeat(40)}`,
    to: `0x${'2'.repeat(40)}`,
    tokenAddress: `0x${'3'.repeat(40)}`,
    amount: '12345678901234567890123.000000',
    inAmount: '12345678901234567890000.000000',
    orderId: `0x${'4'.repeat(64)}`,
    hash: `0x${'5'.repeat(64)}`,
    transferinHash: `0x${'6'.repeat(64)}`,
    relayerHash: null,
    state: 1,
    type: 4,
    timestamp: '2026-11-20 10:00:00',
    createdAt: '2026-11-20 10:00:00',
    updatedAt: '2026-11-20 10:04:30',
    fromChainObject: chain,
    toChainObject: { ...chain, chainId: 56, chainName: 'BNB Smart Chain' },
    tokenObject: { address: `0x${'3'.repeat(40)}`, chainId: 1, decimal: 18, id: 1, img: '', isMint: 0, name: 'Wrapped Ether', symbol: 'WETH', tokenId: 'WETH' },
    stable: { symbol: 'USDT', field: 'usdtValume', value: '43534.070000' },
    received: { decimals: 18, symbol: 'WETH' },
    issues: [],
    ...over
  } as TransferRecord
}

describe('history export columns', () => {
  it('the whole export keeps every field, and the table’s Duration as durationSeconds', () => {
    const csv = toCsv([record()]).trim().split('\n')
    expect(csv[0]).toBe(
      'timestamp,hash,fromChainId,fromChain,toChainId,toChain,token,tokenAddress,amountWire,amount,amountDecimals,receivedWire,received,receivedToken,receivedTokenAddress,receivedDecimals,stableSymbol,stableValue,state,outcome,type,from,to,relayerHash,transferinHash,orderId,durationSeconds,service'
    )
    expect(exportRecord(record()).durationSeconds).toBe(270)
    // not delivered yet: no duration, as the table's "—"
    expect(exportRecord(record({ state: 0 })).durationSeconds).toBeNull()
  })

  it('visible columns export the fields of those columns only, in the table’s order', () => {
    expect(exportColumns(['time', 'amount', 'state'])).toEqual(['timestamp', 'amountWire', 'amount', 'amountDecimals', 'state', 'outcome'])
    expect(exportColumns(['hashes', 'time'])).toEqual(['hash', 'transferinHash', 'timestamp'])
    const csv = toCsv([record()], exportColumns(['time', 'amount', 'received'])).trim().split('\n')
    expect(csv[0]).toBe('timestamp,amountWire,amount,amountDecimals,receivedWire,received,receivedToken,receivedTokenAddress,receivedDecimals')
    // amounts stay exact: the wire text and every digit of the human value
    expect(csv[1]).toBe('2026-11-20 10:00:00 UTC,12345678901234567890123.000000,12345.678901234567890123,18,12345678901234567890000.000000,12345.67890123456789,WETH,,18')
    const json = JSON.parse(toJson([record()], exportColumns(['stable', 'duration']))) as Record<string, unknown>[]
    expect(json).toEqual([{ stableSymbol: 'USDT', stableValue: '43534.07', durationSeconds: 270 }])
  })

  it('every table column of the history maps to at least one export field, and the contract takes every column id', () => {
    for (const id of transferColumnIds.filter((c) => c !== 'chain')) expect(exportColumns([id]).length, id).toBeGreaterThan(0)
    // the chain check is asked for the rows in view only: not a field of the history, so it exports nothing
    expect(exportColumns(['time', 'chain'])).toEqual(exportColumns(['time']))
    const input = channels['history:export'].input
    expect(input.safeParse({ datasetId: 'd', format: 'csv', columns: [...transferColumnIds] }).success).toBe(true)
    expect(input.safeParse({ datasetId: 'd', format: 'csv', columns: ['nope'] }).success).toBe(false)
    expect(input.safeParse({ datasetId: 'd', format: 'csv', columns: [] }).success).toBe(false)
  })
})

describe('the export writes values as the app shows them', () => {
  it('timestamp with its zone, state and type labelled, stable value with two decimals, order id with 0x', () => {
    const row = exportRecord(record({ orderId: '4'.repeat(64), stable: { symbol: 'USDT', field: 'usdtValume', value: '12.5' } }), defaultSettings().labels)
    expect(row.timestamp).toBe('2026-11-20 10:00:00 UTC')
    expect(row.state).toBe('Complete (1)')
    expect(row.type).toBe('Type 4')
    expect(row.stableValue).toBe('12.50')
    expect(row.orderId).toBe(`0x${'4'.repeat(64)}`)
  })
  it("a pending transfer's received amount is empty (unknown), never the wire's 0; a delivered one keeps its amount", () => {
    const pending = exportRecord(record({ state: 0, transferinHash: '', inAmount: '0.000000' }))
    expect(pending.received).toBeNull()
    expect(pending.receivedWire).toBeNull()
    expect(toCsv([record({ state: 0, transferinHash: '', inAmount: '0' })], exportColumns(['received'])).split('\n')[1]).toBe(',,WETH,,18')
    expect(exportRecord(record()).received).toBe('12345.67890123456789')
  })
})
