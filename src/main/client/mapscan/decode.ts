// MAP's Bridge Scan API (the dialect "mapscan") → the one normalized transfer.
//
// Source: `mapprotocol/docs`, develop/sdk/bridge-api.md at commit 546d2f3fb5849edb4bc8bf4b3337dd5e7f2bfad6 (its last
// version; deleted in e196a02e85a6f249f70e35b8853842de9988d8f6). Its examples are test/fixtures/mapscan, with what
// they show in SOURCES.md there.
//
// Bridge Scan describes a transfer by its legs (source, relay, destination: address, chain, contract, block,
// hash, time) and nothing else: no token, no amount, no order id, no confirm heights. Those fields carry
// placeholders listed in `origin.notProvided`, and every reader shows them as not provided, never as 0.
// The relay leg is spelled `relyerInfo`; history records name the destination chain `destinationChainInfo`
// where the prose says `destinationInfo`; history records carry no state although the prose lists one.
import { z } from 'zod'
import type { HistoryPage, TransferDetail, TransferRecord } from '@shared/schemas/wire'
import { MAPSCAN_STATES } from './states'
import { outcomeOfState } from '../states'
import { STATE_NOT_PROVIDED, type TransferOrigin } from '@shared/schemas/origin'
import { anyTime, chainDetailOf, destinationLegOf, heightSchema, judge, legChainSchema, requiredChainOf } from '../dialect-common'


const LACKS = ['amount', 'inAmount', 'tokenObject', 'tokenAddress', 'orderId', 'stable', 'type']
const RECORD_NOT_PROVIDED = [...LACKS, 'contract', 'confirmHeight', 'relayerSendHash', 'relayerSendHeight', 'relayerContract', 'relayerConfirmHeight', 'transferinContract', 'transferinSendHash', 'transferinSendHeight', 'transferinConfirmHeight', 'updatedAt']
const DETAIL_NOT_PROVIDED = [...LACKS, 'coin', 'fromDecimal', 'receiveDecimal', 'confirmHeight', 'relayerConfirmHeight', 'transferInConfirmHeight']

function origin(state: number | null, notProvided: string[]): TransferOrigin {
  return {
    dialect: 'mapscan',
    amount: 'absent',
    inAmount: 'absent',
    stateMeaning: state === null ? null : (MAPSCAN_STATES[state]?.word ?? null),
    notProvided: state === null ? [...notProvided, 'state'] : notProvided
  }
}

export const mapscanLegSchema = z.object({
  address: z.string(),
  chainInfo: legChainSchema,
  contract: z.string().nullable().optional(),
  block: heightSchema,
  hash: z.string(),
  timestamp: anyTime
})

export const mapscanInfoSchema = z.object({
  sourceInfo: mapscanLegSchema,
  relyerInfo: mapscanLegSchema.nullable().optional(),
  destinationInfo: mapscanLegSchema.nullable().optional(),
  state: z.int()
})

export { STATE_NOT_PROVIDED }

/** The latest of the legs' times present (each already 'yyyy-MM-dd HH:mm:ss' UTC: fixed width, so text order is time order). */
function latestTime(first: string, ...others: readonly (string | undefined)[]): string {
  return others.reduce<string>((a, b) => (b !== undefined && b > a ? b : a), first)
}

/** queryCrossInfoById and queryCrossInfoBySourceHash → one normalized transfer (a one-record list is read too). */
export function decodeMapscanInfo(data: unknown, operation: string): TransferDetail {
  // The source-hash prose says it returns a `list`; its example returns the record itself.
  const listed = judge(z.union([z.object({ list: z.array(z.unknown()).min(1, 'no transfer found') }), z.unknown()]), data, operation, 'the answer')
  const raw = typeof listed === 'object' && listed !== null && 'list' in listed && Array.isArray(listed.list) ? listed.list[0] : data
  const i = judge(mapscanInfoSchema, raw, operation, 'the transfer')
  const src = i.sourceInfo
  const relay = i.relyerInfo ?? null
  const dest = i.destinationInfo ?? null
  const fromChain = requiredChainOf(src.chainInfo, operation, 'the transfer', 'sourceInfo.chainInfo', src.contract)
  const toChain = dest ? chainDetailOf(dest.chainInfo, dest.contract) : null
  const relayChain = relay ? chainDetailOf(relay.chainInfo, relay.contract) : null
  return {
    coin: '',
    fromDecimal: 0,
    receiveDecimal: 0,
    fromChainName: fromChain.chainName,
    toChainName: toChain?.chainName ?? '',
    from: src.address,
    to: dest?.address ?? '',
    sending: '0',
    receiving: '0',
    fromChainId: fromChain.chainId,
    relayerChainId: relayChain?.chainId ?? null,
    toChainId: toChain?.chainId ?? 0,
    state: i.state,
    type: 0,
    fromHeight: src.block,
    fromHash: src.hash,
    relayerHeight: relay?.block ?? null,
    relayerHash: relay?.hash ?? null,
    transferInHeight: dest?.block ?? 0,
    transferInHash: dest?.hash ?? '',
    confirmHeight: 0,
    relayerConfirmHeight: null,
    transferInConfirmHeight: 0,
    fromChainObject: fromChain,
    toChainObject: toChain,
    tokenObject: null,
    relayerObject: relayChain,
    issues: [],
    // Sent is the source leg's time; last updated is the latest leg's — for a completed transfer its destination
    // leg's, which is when it completed: the meaning the views read a record's updatedAt with
    // (src/shared/transfer-time.ts). Each leg's "transaction timestamp": bridge-api.md at
    // 546d2f3fb5849edb4bc8bf4b3337dd5e7f2bfad6.
    times: { sent: src.timestamp, updated: latestTime(src.timestamp, relay?.timestamp, dest?.timestamp) },
    // Beside the original dialect's fields: each leg's time, as Bridge Scan gives them.
    timestamp: src.timestamp,
    relayerTimestamp: relay?.timestamp ?? null,
    completeTime: dest?.timestamp ?? null,
    origin: origin(i.state, DETAIL_NOT_PROVIDED),
    outcome: outcomeOfState('mapscan', i.state, dest?.hash)
  }
}

export const mapscanHistoryRecordSchema = z.object({
  id: z.int(),
  sourceAddress: z.string(),
  sourceHash: z.string(),
  sourceHeight: heightSchema,
  sourceTimestamp: anyTime,
  sourceChainInfo: legChainSchema,
  relayHash: z.string().nullable().optional(),
  relayHeight: heightSchema.nullable().optional(),
  relayChainInfo: legChainSchema.nullable().optional(),
  destinationAddress: z.string().nullable().optional(),
  destinationHash: z.string().nullable().optional(),
  destinationHeight: heightSchema.nullable().optional(),
  destinationChainInfo: legChainSchema.nullable().optional(),
  destinationInfo: legChainSchema.nullable().optional(),
  state: z.int().optional()
})

export function mapscanHistoryRecord(raw: unknown, index = 0): TransferRecord {
  const op = 'queryHistoryByChainIdAddress'
  const r = judge(mapscanHistoryRecordSchema, raw, op, `record ${index}`)
  const fromChain = requiredChainOf(r.sourceChainInfo, op, `record ${index}`, 'sourceChainInfo')
  const destInfo = r.destinationChainInfo ?? r.destinationInfo ?? null
  const destChain = destInfo ? chainDetailOf(destInfo) : null
  const relayChain = r.relayChainInfo ? chainDetailOf(r.relayChainInfo) : null
  const notProvided = r.destinationAddress == null ? [...RECORD_NOT_PROVIDED, 'to'] : RECORD_NOT_PROVIDED
  return {
    id: r.id,
    chain: fromChain.chainName,
    fromChainid: fromChain.chainId,
    toChainid: destChain?.chainId ?? 0,
    contract: '',
    from: r.sourceAddress,
    to: r.destinationAddress ?? '',
    tokenAddress: '',
    amount: '0',
    inAmount: '0',
    orderId: '',
    hash: r.sourceHash,
    height: r.sourceHeight,
    confirmHeight: 0,
    relayerSendHash: null,
    relayerSendHeight: null,
    relayerChainid: relayChain?.chainId ?? null,
    relayerHash: r.relayHash ?? null,
    relayerHeight: r.relayHeight ?? null,
    relayerContract: null,
    relayerConfirmHeight: null,
    state: r.state ?? STATE_NOT_PROVIDED,
    type: 0,
    timestamp: r.sourceTimestamp,
    createdAt: r.sourceTimestamp,
    // Not derived: a history record carries the source leg's time only, and a leg it lists as absent may still
    // have happened (the docs' record 322111 has relayHash null where its detail shows a relay leg), so the
    // source time cannot stand for the last update. The transfer's detail has every leg's time.
    updatedAt: '',
    ...destinationLegOf(r.destinationHash, r.destinationHeight),
    fromChainObject: fromChain,
    toChainObject: destChain,
    tokenObject: null,
    stable: null,
    issues: [],
    received: null,
    origin: origin(r.state ?? null, notProvided),
    outcome: outcomeOfState('mapscan', r.state ?? STATE_NOT_PROVIDED, r.destinationHash)
  }
}

const mapscanHistoryPageSchema = z.object({ list: z.array(z.unknown()), total: z.int().nonnegative().nullable().optional() })

/**
 * queryHistoryByChainIdAddress → a history page. Its example's `total` is null: the page then counts what is
 * known to exist — the records before it and on it, plus one more when the page is full — so that paging goes
 * on while pages come back full and stops at the first short one.
 */
export function decodeMapscanHistory(data: unknown, page: { pageNo: number; pageSize: number }): HistoryPage {
  const p = judge(mapscanHistoryPageSchema, data, 'queryHistoryByChainIdAddress', 'the page')
  const list = p.list.map((r, i) => mapscanHistoryRecord(r, i))
  if (p.total != null) return { list, total: p.total }
  const known = (page.pageNo - 1) * page.pageSize + list.length + (list.length >= page.pageSize ? 1 : 0)
  return { list, total: known, totalKnown: false }
}
