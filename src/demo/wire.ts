// Transfers as the service writes them: history records (queryHistory) and transfer details (queryBridgeInfo).
// Amounts are RawJson so they keep six fractional digits at any size.
import { fromMicro, sixDigits, wireDate, type WireObject } from './json'
import type { Transfer } from './transfer'

export function historyRecord(t: Transfer, stableField: string): WireObject {
  const r = t.relayer
  const done = t.state !== 0
  return {
    id: t.id,
    chain: t.fromChain.chain,
    fromChainid: t.fromChain.chainId,
    toChainid: t.toChain.chainId,
    contract: t.fromChain.contract,
    from: t.from,
    to: t.to,
    tokenAddress: t.token.address,
    amount: sixDigits(t.amount),
    inAmount: sixDigits(t.inAmount),
    orderId: t.orderId,
    hash: t.hash,
    height: t.height,
    confirmHeight: t.confirmHeight,
    relayerSendHash: r ? r.sendHash : null,
    relayerSendHeight: r ? r.sendHeight : null,
    relayerChainid: r ? r.chain.chainId : null,
    relayerHash: r ? r.hash : null,
    relayerHeight: r ? r.height : null,
    relayerContract: r ? r.chain.contract : null,
    relayerConfirmHeight: r ? r.confirmHeight : null,
    state: t.state,
    type: t.type,
    timestamp: wireDate(t.timeSec),
    createdAt: wireDate(t.timeSec),
    updatedAt: wireDate(t.updatedSec),
    transferinHash: t.transferinHash,
    transferinHeight: t.transferinHeight,
    transferinContract: done ? t.toChain.contract : '',
    transferinSendHash: t.transferinSendHash,
    transferinConfirmHeight: t.transferinConfirmHeight,
    transferinSendHeight: t.transferinSendHeight,
    [stableField]: fromMicro(t.stableMicro),
    fromChainObject: t.fromChain.detail,
    toChainObject: t.toChain.detail,
    tokenObject: t.token.detail
  }
}

/**
 * The detail of one transfer. `sending` is in the source token's smallest units (fromDecimal) and
 * `receiving` in the destination token's (receiveDecimal), which is why both decimals are given.
 */
export function transferDetail(t: Transfer): WireObject {
  const r = t.relayer
  return {
    coin: t.token.symbol,
    fromDecimal: t.token.decimal,
    receiveDecimal: t.toToken.decimal,
    fromChainName: t.fromChain.chainName,
    toChainName: t.toChain.chainName,
    from: t.from,
    to: t.to,
    sending: sixDigits(t.amount),
    receiving: sixDigits(t.receiving),
    fromChainId: t.fromChain.chainId,
    relayerChainId: r ? r.chain.chainId : null,
    toChainId: t.toChain.chainId,
    state: t.state,
    type: t.type,
    fromHeight: t.height,
    fromHash: t.hash,
    relayerHeight: r ? r.height : null,
    relayerHash: r ? r.hash : null,
    transferInHeight: t.transferinHeight,
    transferInHash: t.transferinHash,
    confirmHeight: t.confirmHeight,
    relayerConfirmHeight: r ? r.confirmHeight : null,
    transferInConfirmHeight: t.transferinConfirmHeight,
    fromChainObject: t.fromChain.detail,
    toChainObject: t.toChain.detail,
    tokenObject: t.token.detail,
    relayerObject: r ? r.chain.detail : null
  }
}
