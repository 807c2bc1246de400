// A leg of a transfer checked against its own chain's JSON-RPC: what the bridge's service says beside what
// the chain answers. The bridge's index is one witness, the chain another; these types carry both so every
// view, the CLI and the watcher say the same thing in the same words.
import type { LegRole } from './transfer-legs'
import type { TokenList, TransferDetail } from './schemas/wire'

/** What the service says about one leg: the claims the chain is asked to confirm. */
export interface LegClaim {
  role: LegRole
  chainId: number | null
  chainName: string
  /** null when the service names no transaction yet (a destination still on its way) */
  hash: string | null
  /** the block the service names; null or 0 when it names none */
  height: number | null
  /** the bridge contract the transaction should have called */
  contract: string | null
  /** the source leg's sender, who must have sent the transaction and the tokens */
  sender: string | null
  /** the destination leg's recipient, who must have received the tokens */
  recipient: string | null
  /** the token that moved on this chain; null when the service does not say (the relayer leg) */
  token: { address: string | null; decimals: number | null; symbol: string } | null
  /** the amount in the token's smallest units, as the service's exact text; null when not claimed */
  amount: string | null
  /** the service's RPC URL for this chain (its chain record's `rpc`), if any */
  serviceRpc: string | null
}

export const CHECK_FIELDS = ['block', 'sender', 'contract', 'token', 'amount'] as const
export type CheckField = (typeof CHECK_FIELDS)[number]

/** One thing the service and the chain say differently, both values as text. */
export interface CheckDifference {
  field: CheckField
  service: string
  chain: string
}

export type ChainOutcome =
  | { kind: 'confirmed'; block: number; confirmations: number }
  | { kind: 'pending' }
  | { kind: 'reverted'; block: number; confirmations: number }
  | { kind: 'not-found' }
  | { kind: 'disagrees'; block: number | null; confirmations: number | null; differences: CheckDifference[] }
  | { kind: 'wrong-chain'; expected: number; answered: number }
  | { kind: 'cannot-check'; reason: string }
export type OutcomeKind = ChainOutcome['kind']

export interface LegCheck {
  role: LegRole
  chainId: number | null
  chainName: string
  hash: string | null
  /** the RPC asked, redacted (a key in its path or query is never shown) */
  rpc: string | null
  outcome: ChainOutcome
  /** set when the chain had this transaction in another block, or not at all, at an earlier check */
  reorg: { previousBlock: number; now: number | null } | null
  /** epoch ms of the chain's answer */
  checkedAt: number
  /** true when answered from the check cache: deep enough that no reorg can matter */
  cached: boolean
}

export interface TransferCheck {
  txHash: string
  legs: LegCheck[]
  worst: OutcomeKind
}

/** Worst last: the order a table column and an exit code read outcomes in. */
export const OUTCOME_ORDER: readonly OutcomeKind[] = [
  'confirmed',
  'pending',
  'cannot-check',
  'wrong-chain',
  'reverted',
  'not-found',
  'disagrees'
]

/**
 * One row of the Transfers table checked: its legs' worst outcome and that leg's evidence, or (worst null)
 * why the transfer could not be checked at all (the service does not know the hash, it did not answer).
 */
export interface RowCheck {
  txHash: string
  worst: OutcomeKind | null
  /** the worst leg's role and evidence, or the failure, in one line (the cell's title) */
  text: string
}

/** At most this many rows per `transfer:checkRows`: a table's rows in view, never a history. */
export const ROW_CHECK_MAX = 64

/** The worst leg's evidence for a row's title: "Destination: Disagrees: amount — …". */
export function rowCheckOf(check: TransferCheck): RowCheck {
  const worstLeg = check.legs.find((l) => l.outcome.kind === check.worst)
  return {
    txHash: check.txHash,
    worst: check.worst,
    text: worstLeg ? `${worstLeg.role}: ${outcomeText(worstLeg)}` : OUTCOME_LABELS[check.worst]
  }
}

export function worstOutcome(kinds: readonly OutcomeKind[]): OutcomeKind {
  let worst: OutcomeKind = 'confirmed'
  for (const k of kinds) if (OUTCOME_ORDER.indexOf(k) > OUTCOME_ORDER.indexOf(worst)) worst = k
  return worst
}

/**
 * Outcomes where the chain contradicts the service: a hash it does not know, a transaction it reverted, or a
 * block, sender, contract, token or amount other than the service's. (Pending, wrong chain and cannot check
 * are not the service's fault.)
 */
export function contradictsService(kind: OutcomeKind): boolean {
  return kind === 'disagrees' || kind === 'not-found' || kind === 'reverted'
}

export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  reverted: 'Reverted',
  'not-found': 'Not found',
  disagrees: 'Disagrees',
  'wrong-chain': 'Wrong chain',
  'cannot-check': 'Cannot check'
}

const FIELD_WORDS: Record<CheckField, string> = {
  block: 'block',
  sender: 'sender',
  contract: 'contract',
  token: 'token',
  amount: 'amount'
}

/** The outcome with its evidence, in one line: the same words in the view, the CLI and the watcher. */
export function outcomeText(check: Pick<LegCheck, 'outcome' | 'reorg'>): string {
  const o = check.outcome
  const conf = (n: number | null): string => (n === null ? '' : `${n} confirmation${n === 1 ? '' : 's'}`)
  let text: string
  switch (o.kind) {
    case 'confirmed':
      text = `Confirmed: block ${o.block}, ${conf(o.confirmations)}`
      break
    case 'pending':
      text = 'Pending: the chain knows the transaction but has not mined it yet'
      break
    case 'reverted':
      text = `Reverted on chain in block ${o.block} (${conf(o.confirmations)})`
      break
    case 'not-found':
      text = 'Not found: the chain does not know this transaction'
      break
    case 'disagrees':
      text = `Disagrees: ${o.differences.map((d) => `${FIELD_WORDS[d.field]} — service ${d.service}, chain ${d.chain}`).join('; ')}`
      break
    case 'wrong-chain':
      text = `Wrong chain: the RPC answers chain ${o.answered}, the leg is on chain ${o.expected}`
      break
    case 'cannot-check':
      text = `Cannot check: ${o.reason}`
      break
  }
  if (check.reorg) {
    text +=
      check.reorg.now === null
        ? ` (reorg: it was in block ${check.reorg.previousBlock})`
        : ` (reorg: it was in block ${check.reorg.previousBlock}, now in ${check.reorg.now})`
  }
  return text
}

/** The destination token: the token list's token of the same symbol on the destination chain. */
export function destinationToken(
  list: TokenList | null,
  chainId: number,
  symbol: string
): { address: string; decimals: number; symbol: string } | null {
  const found = list?.[String(chainId)]?.find((t) => t.symbol.toLowerCase() === symbol.toLowerCase())
  return found ? { address: found.address, decimals: found.decimal, symbol: found.symbol } : null
}

type LegParties = Pick<LegClaim, 'sender' | 'recipient' | 'token' | 'amount'>

/** One leg's claim: its chain, the chain object the service sent with it (contract, RPC), its hash and height. */
function legOn(
  role: LegClaim['role'],
  chain: { id: number | null; name: string; object: { contract?: string | null; rpc?: string | null } | null | undefined },
  hash: string | null | undefined,
  height: number | null,
  parties: LegParties
): LegClaim {
  return {
    role,
    chainId: chain.id,
    chainName: chain.name,
    hash: hash || null,
    // a height of 0 is the service's "not known"
    height: height !== null && height > 0 ? height : null,
    contract: chain.object?.contract || null,
    ...parties,
    serviceRpc: chain.object?.rpc || null
  }
}

/**
 * The claims of a transfer detail, leg by leg. The source token is the detail's token; the destination's is
 * the token list's same-symbol token on the destination chain (the service does not name it), else only
 * its decimals are known.
 */
export function legClaims(d: TransferDetail, tokens: TokenList | null): LegClaim[] {
  const dest = destinationToken(tokens, d.toChainId, d.coin)
  const legs: LegClaim[] = [
    legOn('Source', { id: d.fromChainId, name: d.fromChainName, object: d.fromChainObject }, d.fromHash, d.fromHeight, {
      sender: d.from || null,
      recipient: null,
      token: { address: d.tokenObject?.address || null, decimals: d.fromDecimal, symbol: d.tokenObject?.symbol ?? d.coin },
      amount: d.sending
    })
  ]
  if (d.relayerHash) {
    const chainId = d.relayerChainId ?? d.relayerObject?.chainId ?? null
    const name = d.relayerObject?.chainName ?? (chainId === null ? 'Relayer chain' : `Chain ${chainId}`)
    legs.push(
      legOn('Relayer', { id: chainId, name, object: d.relayerObject }, d.relayerHash, d.relayerHeight, { sender: null, recipient: null, token: null, amount: null })
    )
  }
  legs.push(
    legOn('Destination', { id: d.toChainId, name: d.toChainName, object: d.toChainObject }, d.transferInHash, d.transferInHeight, {
      sender: null,
      recipient: d.to || null,
      token: { address: dest?.address ?? null, decimals: d.receiveDecimal, symbol: dest?.symbol ?? d.coin },
      amount: d.receiving
    })
  )
  return legs
}

/** A profile's chain-check settings with their defaults: on, no RPC of the user's own. */
export function chainCheckSettings(profile: {
  chainCheck?: { enabled: boolean; rpc: Record<string, string> } | undefined
}): { enabled: boolean; rpc: Record<string, string> } {
  return { enabled: profile.chainCheck?.enabled ?? true, rpc: { ...(profile.chainCheck?.rpc ?? {}) } }
}
