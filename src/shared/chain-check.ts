// A leg of a transfer checked against its own chain's JSON-RPC: what the bridge's service says beside what
// the chain answers. The bridge's index is one witness, the chain another; these types carry both so every
// view, the CLI and the watcher say the same thing in the same words.
//
// What is a source and what is only a claim: the RPC is the user's for the chain, else the one the service's
// chain list names (said so in the check); the bridge contract is the chain list's; the token's address is the
// token list's for that chain, and its decimals and symbol are read from the token contract on the chain. What
// a record names about itself (its chain objects' RPC and contract, its decimals) is a claim to compare, never
// where a check looks.
import type { LegRole } from './transfer-legs'
import type { ChainRecord, TokenList } from './schemas/wire'
import type { ModelAmount, ModelLeg, Transfer } from './transfer'

/** What the service says about one leg: the claims the chain is asked to confirm. */
export interface LegClaim {
  role: LegRole
  chainId: number | null
  chainName: string
  /** null when the service names no transaction yet (a destination still on its way) */
  hash: string | null
  /** the block the service names; null or 0 when it names none */
  height: number | null
  /** the bridge contract the service's chain list names for this chain; null when it names none */
  contract: string | null
  /** the contract the record's own chain object names: compared with the chain list, never a source */
  recordContract: string | null
  /** the source leg's sender, who must have sent the transaction and the tokens */
  sender: string | null
  /** the destination leg's recipient, who must have received the tokens */
  recipient: string | null
  /**
   * the token that moved on this chain: its address from the service's token list for this chain (null when
   * the list does not know it: then it cannot be identified), the symbol the service names; null for a leg
   * that moves no token the service names (the relayer leg)
   */
  token: { address: string | null; symbol: string } | null
  /** the amount in token units as exact decimal text ("1500.25"); null when the service does not give one */
  amount: string | null
  /** why `amount` is null, in the words shown beside the check */
  amountMissing: string | null
  /** the RPC URL the service's chain list names for this chain */
  serviceRpc: string | null
  /** the RPC URL the record's own chain object names: compared with the chain list, never a source */
  recordRpc: string | null
}

export const CHECK_FIELDS = ['block', 'sender', 'contract', 'token', 'amount', 'time', 'rpc'] as const
export type CheckField = (typeof CHECK_FIELDS)[number]

/**
 * One thing said differently, both values as text: the service's claim beside the chain's answer, or (against
 * 'chain list') the record beside the service's own chain list.
 */
export interface CheckDifference {
  field: CheckField
  service: string
  chain: string
  against?: 'chain list'
}

/** A receipt proven on its chain: its block's hash at that height and that block's time (epoch seconds). */
export interface ProvenBlock {
  block: number
  blockHash: string
  blockTime: number
  confirmations: number
}

export type ChainOutcome =
  | ({ kind: 'confirmed'; unclaimedAmount: string | null } & ProvenBlock)
  | { kind: 'pending' }
  | ({ kind: 'reverted' } & ProvenBlock)
  | { kind: 'not-found' }
  | {
      kind: 'disagrees'
      block: number | null
      blockHash: string | null
      blockTime: number | null
      confirmations: number | null
      differences: CheckDifference[]
    }
  | { kind: 'wrong-chain'; expected: number; answered: number }
  | { kind: 'cannot-check'; reason: string }
export type OutcomeKind = ChainOutcome['kind']

/** Where the RPC a leg was checked on came from. */
export type RpcSource = 'user' | 'service'

export interface LegCheck {
  role: LegRole
  chainId: number | null
  chainName: string
  hash: string | null
  /** the RPC asked, redacted (a key in its path or query is never shown) */
  rpc: string | null
  /** whose RPC that is: the user's for this chain, or the one the service's chain list names */
  rpcSource: RpcSource | null
  outcome: ChainOutcome
  /**
   * set when the chain had this transaction in another block (or the same height under another hash), or not
   * at all, at an earlier check: what was said then is undone
   */
  reorg: { previousBlock: number; now: number | null; previousHash?: string | null } | null
  /** epoch ms of the chain's answer */
  checkedAt: number
  /** true when a kept confirmation was shown again: its block re-proven on the chain, not its receipt re-read */
  cached: boolean
}

/** Whether the record answers what was asked: the source hash, order id or record id, compared exactly. */
export interface QuestionCheck {
  field: 'source hash' | 'order id' | 'record id'
  asked: string
  /** what the record says it is; null when the record does not say */
  answered: string | null
}

export interface TransferCheck {
  txHash: string
  legs: LegCheck[]
  worst: OutcomeKind
  /** set when the record is about something other than what was asked, or does not say: legs are then not checked */
  question?: QuestionCheck | null
}

/** Worst last: the order a summary reads outcomes in (the CLI's and the watcher's; a row's word has its own rule, chain-word.ts). */
export const OUTCOME_ORDER: readonly OutcomeKind[] = [
  'confirmed',
  'pending',
  'cannot-check',
  'wrong-chain',
  'reverted',
  'not-found',
  'disagrees'
]

/** At most this many rows per `transfer:checkRows`: a table's rows in view, never a history. */
export const ROW_CHECK_MAX = 64

export function worstOutcome(kinds: readonly OutcomeKind[]): OutcomeKind {
  let worst: OutcomeKind = 'confirmed'
  for (const k of kinds) if (OUTCOME_ORDER.indexOf(k) > OUTCOME_ORDER.indexOf(worst)) worst = k
  return worst
}

/**
 * Outcomes where the chain contradicts the service: a hash it does not know, a transaction it reverted, or a
 * block, sender, contract, token, amount or time other than the service's. (Pending, wrong chain and cannot
 * check are not the service's fault, but they are not a confirmation either.)
 */
export function contradictsService(kind: OutcomeKind): boolean {
  return kind === 'disagrees' || kind === 'not-found' || kind === 'reverted'
}

/**
 * What a whole check comes to: verified (every leg confirmed as the service says it), contradicted (a chain,
 * or the service's own answer, contradicts the service) or unverified (a leg could not be proven either way:
 * cannot check, pending, wrong chain, an RPC that broke the protocol, or a record that does not say what it is).
 */
export type Verdict = 'verified' | 'contradicted' | 'unverified'

export function verdictOf(check: Pick<TransferCheck, 'legs' | 'question'>): Verdict {
  if (check.question) return check.question.answered === null ? 'unverified' : 'contradicted'
  if (check.legs.some((l) => contradictsService(l.outcome.kind))) return 'contradicted'
  if (check.legs.length === 0 || check.legs.some((l) => l.outcome.kind !== 'confirmed')) return 'unverified'
  return 'verified'
}

/** `--verify`'s exit code per verdict (2 stays bad usage, as for every command). */
export const VERIFY_EXIT_CODES: Readonly<Record<Verdict, number>> = { verified: 0, contradicted: 1, unverified: 3 }

export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
  verified: 'Verified: every leg is confirmed on its chain as the service says',
  contradicted: 'Contradicted: a chain, or the service itself, says otherwise than the service',
  unverified: 'Not verified: at least one leg could not be proven on its chain'
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
  amount: 'amount',
  time: 'time',
  rpc: 'RPC'
}

/** One difference in words: "amount — service 1.5 TUSD, chain 1.4 TUSD", or the record against its chain list. */
export function differenceText(d: CheckDifference): string {
  return d.against === 'chain list'
    ? `${FIELD_WORDS[d.field]} — the record names ${d.service}, the service's chain list ${d.chain}`
    : `${FIELD_WORDS[d.field]} — service ${d.service}, chain ${d.chain}`
}

/** The outcome with its evidence, in one line: the same words in the view, the CLI and the watcher. */
export function outcomeText(check: Pick<LegCheck, 'outcome' | 'reorg'>): string {
  const o = check.outcome
  const conf = (n: number | null): string => (n === null ? '' : `${n} confirmation${n === 1 ? '' : 's'}`)
  let text: string
  switch (o.kind) {
    case 'confirmed':
      text = `Confirmed: block ${o.block}, ${conf(o.confirmations)}${o.unclaimedAmount ? `; ${o.unclaimedAmount}` : ''}`
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
      text = `Disagrees: ${o.differences.map(differenceText).join('; ')}`
      break
    case 'wrong-chain':
      text = `Wrong chain: the RPC answers chain ${o.answered}, the leg is on chain ${o.expected}`
      break
    case 'cannot-check':
      text = `Cannot check: ${o.reason}`
      break
  }
  const r = check.reorg
  if (r) {
    text +=
      r.now === null
        ? ` (reorg: it was in block ${r.previousBlock}; what was said then is undone)`
        : r.now === r.previousBlock
          ? ` (reorg: block ${r.previousBlock} is now another block; what was said then is undone)`
          : ` (reorg: it was in block ${r.previousBlock}, now in ${r.now}; what was said then is undone)`
  }
  return text
}

/** Whose RPC answered, in words: "Checked on the service's RPC for chain 56". */
export function rpcWords(check: Pick<LegCheck, 'rpc' | 'rpcSource' | 'chainId'>): string {
  if (check.rpc === null) return 'no RPC asked'
  const whose = check.rpcSource === 'user' ? 'your RPC' : "the service's RPC"
  return `Checked on ${whose}${check.chainId === null ? '' : ` for chain ${check.chainId}`} (${check.rpc})`
}

/** A record about something other than what was asked, in words. */
export function questionText(q: QuestionCheck): string {
  return q.answered === null
    ? `Not verified: the record does not say its ${q.field}, so it cannot be matched to the ${q.field} asked (${q.asked})`
    : `The service contradicts itself: asked for ${q.field} ${q.asked}, it answered with the record of ${q.answered}`
}

/** A service's token on one chain, from its token list: by the address the record names, else by symbol. */
function listedToken(list: TokenList | null, chainId: number, address: string | null, symbol: string): { address: string; symbol: string } | null {
  const tokens = list?.[String(chainId)] ?? []
  const byAddress = address ? tokens.find((t) => t.address.toLowerCase() === address.toLowerCase()) : undefined
  const bySymbol = tokens.filter((t) => t.symbol.toLowerCase() === symbol.toLowerCase())
  // two tokens of one symbol on a chain: the symbol alone does not identify one
  const found = byAddress ?? (bySymbol.length === 1 ? bySymbol[0] : undefined)
  return found ? { address: found.address, symbol: found.symbol } : null
}

type LegParties = Pick<LegClaim, 'sender' | 'recipient' | 'token' | 'amount' | 'amountMissing'>

/** A leg's amount in token units, or why there is none (not given, or in units the record cannot scale). */
function amountClaim(a: ModelAmount): Pick<LegClaim, 'amount' | 'amountMissing'> {
  if (a.value !== null) return { amount: a.value, amountMissing: null }
  if (a.wire === null) return { amount: null, amountMissing: `the service gives no amount (${a.missing ?? 'not provided'})` }
  return { amount: null, amountMissing: `the service's amount ${a.wire} is in smallest units of decimals it does not say` }
}

/** One leg's claim: its chain (the chain list's record and the record's own word), hash, height and parties. */
function legOn(role: LegClaim['role'], leg: ModelLeg, name: string, listed: Pick<ChainRecord, 'contract' | 'rpc'> | null, parties: LegParties): LegClaim {
  return {
    role,
    chainId: leg.chainId,
    chainName: name,
    hash: leg.hash,
    height: leg.height,
    contract: listed?.contract?.trim() || null,
    recordContract: leg.contract ?? null,
    ...parties,
    serviceRpc: listed?.rpc?.trim() || null,
    recordRpc: leg.rpc ?? null
  }
}

/**
 * The claims of a transfer (our model, whatever service told of it), leg by leg, anchored on the service's chain
 * list (RPC, bridge contract) and token list (the token's address on each chain). The source token is the list's
 * token at the address the transfer names (else of its symbol); the destination's is the list's token the
 * transfer says was received (a swap's own, else the sent token's symbol) on the destination chain. Amounts are
 * the model's: in token units whatever unit the service wrote them in.
 */
export function legClaims(t: Transfer, tokens: TokenList | null, chains: readonly ChainRecord[] | null = null): LegClaim[] {
  const listed = (id: number | null): ChainRecord | null => (id === null ? null : (chains?.find((c) => c.chainId === id) ?? null))
  const { source, relay, destination } = t.legs
  const sourceSymbol = t.sent.token?.symbol ?? ''
  // a service that names no token at all (Bridge Scan) claims no money: its legs are checked as transactions
  const named = sourceSymbol !== ''
  const sourceToken = named && source.chainId !== null ? listedToken(tokens, source.chainId, t.sent.token?.address ?? null, sourceSymbol) : null
  const receivedSymbol = t.received.token?.symbol || sourceSymbol
  const destToken = named && destination.chainId !== null ? listedToken(tokens, destination.chainId, t.received.token?.address ?? null, receivedSymbol) : null
  const nameOf = (leg: ModelLeg, fallback: string): string => leg.chainName ?? (leg.chainId === null ? fallback : `Chain ${leg.chainId}`)
  const legs: LegClaim[] = [
    legOn('Source', source, nameOf(source, 'Source chain'), listed(source.chainId), {
      sender: t.sender,
      recipient: null,
      token: named ? { address: sourceToken?.address ?? null, symbol: sourceToken?.symbol ?? sourceSymbol } : null,
      ...amountClaim(t.sent)
    })
  ]
  if (relay?.hash) {
    legs.push(legOn('Relayer', relay, nameOf(relay, 'Relayer chain'), listed(relay.chainId), { sender: null, recipient: null, token: null, amount: null, amountMissing: null }))
  }
  legs.push(
    legOn('Destination', destination, nameOf(destination, 'Destination chain'), listed(destination.chainId), {
      sender: null,
      recipient: t.receiver,
      token: named ? { address: destToken?.address ?? null, symbol: destToken?.symbol ?? receivedSymbol } : null,
      ...amountClaim(t.received)
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
