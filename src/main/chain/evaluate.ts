// What the chain's proven answers say about the service's claims for one leg: the outcome and its evidence.
// Pure: the reads and their proofs are done elsewhere (./checker.ts). Amounts are bigints from the log's
// 256-bit word, scaled by the decimals the token contract itself answers, and compared with the service's
// amount in token units as exact decimals; nothing passes through a binary64 number.
//
// Money is counted the way a bridge moves it, as the party's net movement of the identified token in the
// receipt: on the destination, what reached the recipient from the bridge (or was minted to them) less what
// left the recipient in the same transaction; on the source, what left the sender for the bridge (or was
// burned) less what the bridge sent back. A self-transfer, a refund-and-return or another contract's Transfer
// event moves nothing.
import type { ChainOutcome, CheckDifference, LegClaim, ProvenBlock } from '@shared/chain-check'
import { compareDecimal, decimalToString, formatDecimal, shiftDecimal } from '@shared/decimal'
import type { ChainLog, ChainReceipt } from './evm-rpc'

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 Transfer event's first topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const ZERO = `0x${'0'.repeat(40)}`

export interface TokenMove {
  token: string
  from: string
  to: string
  value: bigint
}

/** The token a leg moved, as its own contract tells it. */
export interface ChainToken {
  address: string
  decimals: number
  symbol: string | null
}

const lower = (s: string): string => s.toLowerCase()
const topicAddress = (topic: string): string => `0x${topic.slice(-40)}`.toLowerCase()

/** The receipt's ERC-20 Transfer events (three topics; ERC-721's have four and are not amounts). */
export function tokenMoves(logs: readonly ChainLog[]): TokenMove[] {
  const moves: TokenMove[] = []
  for (const log of logs) {
    if (log.topics.length !== 3 || lower(log.topics[0] ?? '') !== TRANSFER_TOPIC) continue
    const data = log.data.length > 2 ? log.data.slice(0, 66) : '0x0'
    moves.push({ token: lower(log.address), from: topicAddress(log.topics[1] ?? ''), to: topicAddress(log.topics[2] ?? ''), value: BigInt(data) })
  }
  return moves
}

/** `moved` smallest units of `token` in token units, with its symbol: "1.5 TUSD". */
function unitsWords(units: string, token: ChainToken, fallbackSymbol: string): string {
  return `${formatDecimal(units, { grouping: false })} ${token.symbol ?? fallbackSymbol}`
}

/**
 * The party's net movement of the token through the bridge in this receipt, in smallest units (never below 0),
 * and whether any Transfer of another token touched the party (a leg that moved the wrong token).
 */
export function bridgeMovement(claim: Pick<LegClaim, 'role' | 'sender' | 'recipient'>, moves: readonly TokenMove[], token: string, bridge: readonly string[]): { moved: bigint; otherTokens: string[] } {
  const party = lower((claim.role === 'Source' ? claim.sender : claim.recipient) ?? '')
  const bridgeSide = new Set([...bridge.map(lower), ZERO])
  let moved = 0n
  const otherTokens = new Set<string>()
  for (const m of moves) {
    if (m.from !== party && m.to !== party) continue
    if (m.token !== token) {
      otherTokens.add(m.token)
      continue
    }
    if (claim.role === 'Source') {
      if (m.from === party && m.to !== party && bridgeSide.has(m.to)) moved += m.value
      else if (m.to === party && m.from !== party) moved -= m.value
    } else {
      if (m.to === party && m.from !== party && bridgeSide.has(m.from)) moved += m.value
      else if (m.from === party && m.to !== party) moved -= m.value
    }
  }
  return { moved: moved > 0n ? moved : 0n, otherTokens: [...otherTokens] }
}

/** Token and amount: what moved between the party and the bridge, against what the service says. */
function movedDifferences(claim: LegClaim, receipt: ChainReceipt, token: ChainToken | null): { differences: CheckDifference[]; unclaimed: string | null; unidentified: string | null } {
  const none = { differences: [], unclaimed: null, unidentified: null }
  if (claim.role !== 'Source' && claim.role !== 'Destination') return none
  if (claim.token === null) {
    // no token named and no amount: the service claims no money on this leg, only its transaction
    return claim.amount === null ? none : { ...none, unidentified: `the service names an amount (${claim.amount}) but no token: what moved cannot be confirmed` }
  }
  const party = claim.role === 'Source' ? claim.sender : claim.recipient
  if (!party) return none
  if (token === null) {
    return { ...none, unidentified: `the token ${claim.token.symbol} is not in the service's token list for chain ${claim.chainId}: it cannot be identified, so what moved cannot be confirmed` }
  }
  // the bridge: the chain list's contract, else the contract the transaction called (never the token itself)
  const bridge = [claim.contract ?? receipt.to ?? ''].filter((a) => a !== '' && lower(a) !== lower(token.address))
  const { moved, otherTokens } = bridgeMovement(claim, tokenMoves(receipt.logs), lower(token.address), bridge)
  const chainAmount = decimalToString(shiftDecimal({ units: moved, scale: 0 }, token.decimals))
  const way = claim.role === 'Source' ? `from ${party} to the bridge` : `to ${party} from the bridge`
  const serviceWords = claim.amount === null ? `(${claim.amountMissing ?? 'no amount'})` : unitsWords(claim.amount, token, claim.token.symbol)
  if (moved === 0n) {
    if (otherTokens.length > 0) {
      return { ...none, differences: [{ field: 'token', service: `${claim.token.symbol} (${token.address})`, chain: otherTokens.join(', ') }] }
    }
    return { ...none, differences: [{ field: 'amount', service: serviceWords, chain: `nothing moved ${way} in ${token.symbol ?? claim.token.symbol} (${token.address})` }] }
  }
  if (claim.amount === null) return { ...none, unclaimed: `amount ${claim.amountMissing ?? 'not given'}; the chain moved ${unitsWords(chainAmount, token, claim.token.symbol)} ${way}` }
  if (compareDecimal(claim.amount, chainAmount) === 0) return none
  return { ...none, differences: [{ field: 'amount', service: serviceWords, chain: unitsWords(chainAmount, token, claim.token.symbol) }] }
}

/** The outcome of one leg from its proven receipt (its chain id, hash, block and head already proven). */
export function evaluateLeg(claim: LegClaim, receipt: ChainReceipt, proven: ProvenBlock, token: ChainToken | null): ChainOutcome {
  const block = proven.block
  if (receipt.status !== undefined && BigInt(receipt.status) === 0n) return { kind: 'reverted', ...proven }
  const differences: CheckDifference[] = []
  if (claim.height !== null && claim.height !== block) differences.push({ field: 'block', service: String(claim.height), chain: String(block) })
  if (claim.role === 'Source' && claim.sender && lower(receipt.from) !== lower(claim.sender)) {
    differences.push({ field: 'sender', service: claim.sender, chain: receipt.from })
  }
  const contract = claim.contract ?? claim.recordContract
  if (contract && lower(receipt.to ?? '') !== lower(contract)) {
    differences.push({ field: 'contract', service: contract, chain: receipt.to ?? 'none (a contract creation)' })
  }
  const moved = movedDifferences(claim, receipt, token)
  differences.push(...moved.differences)
  if (differences.length > 0) return { kind: 'disagrees', ...proven, differences }
  if (moved.unidentified !== null) return { kind: 'cannot-check', reason: moved.unidentified }
  return { kind: 'confirmed', ...proven, unclaimedAmount: moved.unclaimed }
}
