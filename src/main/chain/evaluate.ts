// What the chain's answers say about the service's claims for one leg: the outcome and its evidence. Pure:
// the reads are done elsewhere (./checker.ts). Amounts are bigints from the log's 256-bit word and the
// service's exact decimal text; nothing passes through a binary64 number.
import type { ChainOutcome, CheckDifference, LegClaim } from '@shared/chain-check'
import { formatAmount } from '@shared/decimal'
import type { ChainLog, ChainReceipt, ChainTx } from './evm-rpc'

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 Transfer event's first topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export interface TokenMove {
  token: string
  from: string
  to: string
  value: bigint
}

const lower = (s: string): string => s.toLowerCase()
const topicAddress = (topic: string): string => `0x${topic.slice(-40)}`.toLowerCase()

/** The receipt's ERC-20 Transfer events (three topics; ERC-721's have four and are not amounts). */
export function tokenMoves(logs: readonly ChainLog[]): TokenMove[] {
  const moves: TokenMove[] = []
  for (const log of logs) {
    if (log.topics.length !== 3 || lower(log.topics[0] ?? '') !== TRANSFER_TOPIC) continue
    const data = log.data.length > 2 ? log.data : '0x0'
    moves.push({
      token: lower(log.address),
      from: topicAddress(log.topics[1] ?? ''),
      to: topicAddress(log.topics[2] ?? ''),
      value: BigInt(data)
    })
  }
  return moves
}

/** The service's amount as whole smallest units, or null when it has a fraction (no log can show that). */
export function wholeUnits(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.trim())
  if (!m || /[1-9]/.test(m[2] ?? '')) return null
  return BigInt(m[1] ?? '0')
}

function amountWords(raw: string, claim: LegClaim): string {
  const decimals = claim.token?.decimals
  const symbol = claim.token?.symbol
  if (decimals === null || decimals === undefined) return `${raw} smallest units`
  try {
    return `${formatAmount(raw, decimals, { grouping: false })}${symbol ? ` ${symbol}` : ''}`
  } catch {
    return `${raw} smallest units`
  }
}

function tokenWords(address: string, claim: LegClaim): string {
  return claim.token?.symbol ? `${claim.token.symbol} (${address})` : address
}

/** Token and amount: the sender's outflow on the source leg, the recipient's inflow on the destination leg. */
function movedDifferences(claim: LegClaim, receipt: ChainReceipt): CheckDifference[] {
  if (!claim.token || claim.amount === null) return []
  const party = claim.role === 'Source' ? claim.sender : claim.recipient
  if (!party) return []
  const side = claim.role === 'Source' ? 'from' : 'to'
  const relevant = tokenMoves(receipt.logs).filter((m) => m[side] === lower(party))
  const claimed = wholeUnits(claim.amount)
  const serviceAmount = amountWords(claimed === null ? claim.amount : claimed.toString(), claim)
  if (relevant.length === 0) {
    return [
      { field: 'amount', service: serviceAmount, chain: `no ERC-20 Transfer ${side} ${party} in the receipt` }
    ]
  }
  const byToken = new Map<string, bigint>()
  for (const m of relevant) byToken.set(m.token, (byToken.get(m.token) ?? 0n) + m.value)
  const expected = claim.token.address ? lower(claim.token.address) : null
  if (expected !== null && !byToken.has(expected)) {
    return [{ field: 'token', service: tokenWords(expected, claim), chain: [...byToken.keys()].join(', ') }]
  }
  // with the token unknown (not in the token list), the amount may match any token that moved
  const candidates = expected !== null ? [byToken.get(expected) ?? 0n] : [...byToken.values()]
  if (claimed !== null && candidates.includes(claimed)) return []
  return [
    {
      field: 'amount',
      service: serviceAmount,
      chain: candidates.map((v) => amountWords(v.toString(), claim)).join(' or ')
    }
  ]
}

/** The outcome of one leg from the chain's answers (its chain id already checked). */
export function evaluateLeg(
  claim: LegClaim,
  tx: ChainTx | null,
  receipt: ChainReceipt | null,
  head: number
): ChainOutcome {
  if (receipt === null) return tx === null ? { kind: 'not-found' } : { kind: 'pending' }
  const block = receipt.blockNumber
  // the head was read beside the receipt: a block mined in between must not count as fewer than one
  const confirmations = Math.max(1, head - block + 1)
  if (receipt.status !== undefined && BigInt(receipt.status) === 0n)
    return { kind: 'reverted', block, confirmations }
  const differences: CheckDifference[] = []
  if (claim.height !== null && claim.height !== block)
    differences.push({ field: 'block', service: String(claim.height), chain: String(block) })
  if (claim.role === 'Source' && claim.sender && lower(receipt.from) !== lower(claim.sender)) {
    differences.push({ field: 'sender', service: claim.sender, chain: receipt.from })
  }
  if (claim.contract && lower(receipt.to ?? '') !== lower(claim.contract)) {
    differences.push({
      field: 'contract',
      service: claim.contract,
      chain: receipt.to ?? 'none (a contract creation)'
    })
  }
  differences.push(...movedDifferences(claim, receipt))
  return differences.length === 0
    ? { kind: 'confirmed', block, confirmations }
    : { kind: 'disagrees', block, confirmations, differences }
}
