// One transfer, rebuilt on demand from (seed, index). The draw order below is part of the data: changing
// it changes every generated record, so append new draws at the end.
import { MAP_CHAIN_ID, TOKEN_GROUPS, type SimChain, type SimToken } from './catalog'
import type { Dataset } from './dataset'
import { pickWeighted, Rng, SALT } from './prng'

/** The amount the spec's example made famous: beyond 2^53, exact only as text. */
export const NAMED_AMOUNT = 10n ** 22n + 1n

export interface RelayerLeg {
  chain: SimChain
  sendHash: string
  sendHeight: number
  hash: string
  height: number
  confirmHeight: number
}

export interface Transfer {
  index: number
  id: number
  from: string
  to: string
  fromChain: SimChain
  toChain: SimChain
  token: SimToken
  toToken: SimToken
  /** smallest units of `token` */
  amount: bigint
  /** received amount, smallest units of `toToken` (0 while pending): history's inAmount */
  inAmount: bigint
  /** the same received amount, as queryBridgeInfo's `receiving` (with receiveDecimal = toToken.decimal) */
  receiving: bigint
  /** USD value in millionths */
  stableMicro: bigint
  orderId: string
  hash: string
  height: number
  confirmHeight: number
  relayer: RelayerLeg | null
  state: number
  type: number
  timeSec: number
  updatedSec: number
  transferinHash: string
  transferinHeight: number
  transferinSendHash: string
  transferinConfirmHeight: number
  transferinSendHeight: number | null
}

function heightAt(chain: SimChain, anchorSec: number, sec: number): number {
  return Math.max(1, chain.headHeight - Math.floor(((anchorSec - sec) * 1000) / chain.blockMs))
}

function confirmations(chain: SimChain): number {
  return chain.chainId === 1 ? 12 : chain.blockMs < 1000 ? 40 : 15
}

/** An amount in smallest units: log-uniform human size, non-round low digits. */
function drawAmount(rng: Rng, min: number, max: number, decimal: number): bigint {
  const human = Math.exp(Math.log(min) + rng.float() * (Math.log(max) - Math.log(min)))
  const micro = BigInt(Math.max(1, Math.floor(human * 1e6)))
  if (decimal >= 6) {
    const scale = 10n ** BigInt(decimal - 6)
    return micro * scale + (scale > 1n ? rng.bigBelow(scale) : 0n)
  }
  return micro / 10n ** BigInt(6 - decimal) || 1n
}

/** smallest units of one token → smallest units of another with different decimals (truncating) */
function rescale(units: bigint, fromDecimal: number, toDecimal: number): bigint {
  return toDecimal >= fromDecimal
    ? units * 10n ** BigInt(toDecimal - fromDecimal)
    : units / 10n ** BigInt(fromDecimal - toDecimal)
}

/**
 * What the demo network's motion changes of a transfer (src/demo/motion.ts): a transfer that arrived
 * while the network ran was sent when it arrived, and is in flight until it settles. None of the draws below
 * depend on these, so the rest of the record is the same with or without them.
 */
export interface TransferMotion {
  /** when it was sent (epoch seconds) */
  timeSec: number
  /** 0 while in flight; otherwise the state it settles in */
  state: number
  /** the network's clock (epoch seconds): legs are not dated after it */
  nowSec: number
}

export function buildTransfer(ds: Dataset, i: number, motion?: TransferMotion): Transfer {
  const cat = ds.catalog
  const rng = Rng.of(ds.seed, SALT.record, i)
  const user = ds.userOf(i)
  const fromChain = cat.chain(ds.chainOf(i))
  const timeSec = motion?.timeSec ?? ds.timeOf(i)
  const named = i === 0

  // Token first, then a destination chain that also lists it.
  const onChain = cat.tokensOfChain[fromChain.index] ?? []
  const token = named
    ? (onChain.find((t) => t.symbol === 'WETH') ?? rng.pick(onChain))
    : pickWeighted(
        rng,
        onChain,
        onChain.map((t) => cat.group(t).weight)
      )
  const groupIndex = cat.groupOfToken[token.index] ?? 0
  const group = TOKEN_GROUPS[groupIndex]!
  const destinations = cat.chains.filter((c) => c.index !== fromChain.index && cat.token(groupIndex, c.index))
  const toChain = rng.pick(destinations)
  const toToken = cat.token(groupIndex, toChain.index)!

  const from = ds.users[user]!
  const to = rng.chance(0.7) ? from : ds.users[rng.int(ds.users.length)]!
  const drawn = drawAmount(rng, group.min, group.max, token.decimal)
  const amount = named ? NAMED_AMOUNT : drawn
  const feeBps = BigInt(rng.range(5, 30))

  const ageSec = ds.anchorSec - timeSec
  const stateRoll = rng.float()
  let state = 1
  if (!named) {
    // Recent transfers are still in flight; a few old ones are stuck or failed, so the UI sees every state.
    if (ageSec < 1800 || stateRoll < 0.01) state = 0
    else if (stateRoll < 0.025) state = 2
    else if (stateRoll < 0.035) state = 3
  }
  if (motion) state = motion.state
  const typeRoll = rng.float()
  const type = named || typeRoll >= 0.06 ? 4 : typeRoll < 0.02 ? 1 : typeRoll < 0.04 ? 2 : 3

  const height = heightAt(fromChain, ds.anchorSec, timeSec)
  const confirmHeight = height + confirmations(fromChain)
  const hash = ds.txHash(i)
  const orderId = '0x' + rng.hex(64)

  const mapChain = cat.byChainId.get(MAP_CHAIN_ID)!
  const viaRelay =
    !named && fromChain.chainId !== MAP_CHAIN_ID && toChain.chainId !== MAP_CHAIN_ID && rng.chance(0.18)
  const relaySec = timeSec + rng.range(20, 120)
  const relayer: RelayerLeg | null = viaRelay
    ? {
        chain: mapChain,
        sendHash: '0x' + rng.hex(64),
        sendHeight: heightAt(mapChain, ds.anchorSec, relaySec),
        // drawn to keep the draw order; the hash itself is tagged so the demo's MAP chain can find it
        hash: rng.hex(64) && ds.legHash(i, 'relay'),
        height: heightAt(mapChain, ds.anchorSec, relaySec + 10),
        confirmHeight: heightAt(mapChain, ds.anchorSec, relaySec + 10) + confirmations(mapChain)
      }
    : null

  const done = state !== 0
  const clockSec = motion?.nowSec ?? ds.anchorSec
  const inSec = (relayer ? relaySec : timeSec) + rng.range(30, 600)
  const inHeight = done ? heightAt(toChain, ds.anchorSec, Math.min(inSec, clockSec)) : 0
  // What arrives, in the DESTINATION token's smallest units, as the real service sends it: MAP's own front-end
  // (butter-swap-ui, src/views/Home.vue) divides history's inAmount by the decimals of the same-symbol token on
  // toChainid, and queryBridgeInfo's `receiving` comes with `receiveDecimal`. (An earlier reading kept inAmount
  // in the source token's units; 100 USDT from Ethereum (6) to BNB Chain (18) then read as 99,500,000,000,000.)
  const received = done ? amount - (amount * feeBps) / 10000n : 0n
  const inAmount = rescale(received, token.decimal, toToken.decimal)
  const stableMicro = (amount * group.priceMicro) / 10n ** BigInt(token.decimal)
  // drawn to keep the draw order; the receive hash is tagged so the destination's demo chain can find it
  rng.hex(64)
  const inHashes = ds.legHash(i, 'in')
  const inSendHash = '0x' + rng.hex(64)

  return {
    index: i,
    id: i + 1,
    from,
    to,
    fromChain,
    toChain,
    token,
    toToken,
    amount,
    inAmount,
    receiving: inAmount,
    stableMicro,
    orderId,
    hash,
    height,
    confirmHeight,
    relayer,
    state,
    type,
    timeSec,
    updatedSec: done ? Math.max(timeSec, Math.min(clockSec, inSec)) : timeSec,
    transferinHash: done ? inHashes : '',
    transferinHeight: inHeight,
    transferinSendHash: done ? inSendHash : '',
    transferinConfirmHeight: done ? inHeight + confirmations(toChain) : 0,
    transferinSendHeight: relayer && done ? relayer.confirmHeight + 2 : null
  }
}
