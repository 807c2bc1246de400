// A transfer's legs, as their chains tell them, summed up in one word: the word the Transfers table's On chain
// cell shows and the Transfer view writes above its legs. Both call `chainWordOf` on the same leg checks (main
// sends the table the word it made from the check the view also reads), so they cannot say different things.
//
// The rule, in order of precedence (the first that holds gives the word):
//   1. a leg the chain contradicts: Disagrees, then Not found, then Reverted (never hidden by a better leg);
//   2. a leg whose RPC answers another chain: Wrong chain (the user's RPC to fix);
//   3. a leg still on its way (the chain has not mined it, or the service names no transaction for it yet):
//      "Awaits" and the first such leg along the route (source, relay, destination), whatever the service's
//      dialect calls its legs;
//   4. a leg that could not be checked: Cannot check (only when nothing above is known);
//   5. every leg confirmed: Confirmed.
// Ties go to the earlier leg along the route, so the order the legs come in never changes the word.
import type { LegRole } from './transfer-legs'
import type { LegCheck, OutcomeKind, QuestionCheck, TransferCheck } from './chain-check'
import { outcomeText, questionText } from './chain-check'

/** What a row's word says, least to most pressing: the rank the rule above reads. */
export const WORD_KINDS = ['confirmed', 'cannot-check', 'awaiting', 'wrong-chain', 'reverted', 'not-found', 'disagrees'] as const
export type WordKind = (typeof WORD_KINDS)[number]

export interface ChainWord {
  kind: WordKind
  /** the leg the word is about; null when every leg confirms, or when the record itself is in question */
  leg: LegRole | null
  /** the word in the column's full width ("Awaits dest") */
  word: string
  /** the word in its compact form, beside its mark ("dest") */
  short: string
  /** a one-character mark: the same for every word of a kind's tone */
  mark: string
  /** the deciding leg's evidence in one line: the cell's tooltip and its name for screen readers */
  text: string
}

/** What the rule reads of a leg: its role, whether the service names a transaction, and what its chain said. */
export type LegVerdict = Pick<LegCheck, 'role' | 'hash' | 'outcome' | 'reorg'>

const ROUTE: readonly LegRole[] = ['Source', 'Relayer', 'Destination']
const LEG_SHORT: Readonly<Record<LegRole, string>> = { Source: 'src', Relayer: 'relay', Destination: 'dest' }

const FIXED: Readonly<Record<Exclude<WordKind, 'awaiting'>, { word: string; short: string; mark: string }>> = {
  confirmed: { word: 'Confirmed', short: 'ok', mark: '✓' },
  'cannot-check': { word: 'Cannot check', short: "can't", mark: '?' },
  'wrong-chain': { word: 'Wrong chain', short: 'chain', mark: '!' },
  reverted: { word: 'Reverted', short: 'revert', mark: '✗' },
  'not-found': { word: 'Not found', short: 'no tx', mark: '✗' },
  disagrees: { word: 'Disagrees', short: 'differ', mark: '✗' }
}
const AWAITING_MARK = '→'

/** A word's tone: confirmed, contradicted, or anything short of proven (on its way, not checked, wrong chain). */
export function wordTone(kind: WordKind | null): 'ok' | 'bad' | 'warn' {
  if (kind === 'confirmed') return 'ok'
  return kind === 'disagrees' || kind === 'not-found' || kind === 'reverted' ? 'bad' : 'warn'
}

/** The cell's words when there is no check to sum up: checks off for the profile, or the check not made. */
export const CELL_WORDS = {
  off: { word: 'Checks off', short: 'off', mark: '–' },
  unchecked: { word: 'Not checked', short: 'error', mark: '?' }
} as const

/** The kind a leg's outcome counts as: a leg not mined yet, or with no transaction named yet, is on its way. */
export function legWordKind(leg: Pick<LegVerdict, 'hash' | 'outcome'>): WordKind {
  const kind: OutcomeKind = leg.outcome.kind
  if (kind === 'pending' || (kind === 'cannot-check' && leg.hash === null)) return 'awaiting'
  return kind
}

const rank = (k: WordKind): number => WORD_KINDS.indexOf(k)
const routeIndex = (r: LegRole): number => ROUTE.indexOf(r)

function wordFor(kind: WordKind, leg: LegRole | null, text: string): ChainWord {
  if (kind === 'awaiting') {
    const role = leg ?? 'Destination'
    return { kind, leg: role, word: `Awaits ${LEG_SHORT[role]}`, short: LEG_SHORT[role], mark: AWAITING_MARK, text }
  }
  return { kind, leg, ...FIXED[kind], text }
}

/**
 * The row's word for a transfer's leg checks (and the record's own answer to what was asked, when it does not
 * answer it: then no leg was checked). No legs at all is nothing known: Cannot check.
 */
export function chainWordOf(legs: readonly LegVerdict[], question: QuestionCheck | null = null): ChainWord {
  if (question) return wordFor(question.answered === null ? 'cannot-check' : 'disagrees', null, questionText(question))
  if (legs.length === 0) return wordFor('cannot-check', null, 'Cannot check: the service names no leg to check')
  let decider: LegVerdict | null = null
  for (const leg of legs) {
    if (decider === null) {
      decider = leg
      continue
    }
    const a = rank(legWordKind(leg))
    const b = rank(legWordKind(decider))
    if (a > b || (a === b && routeIndex(leg.role) < routeIndex(decider.role))) decider = leg
  }
  const d = decider as LegVerdict
  const kind = legWordKind(d)
  if (kind === 'confirmed') {
    const along = [...legs].sort((x, y) => routeIndex(x.role) - routeIndex(y.role))
    return wordFor(kind, null, along.map((l) => `${l.role}: ${outcomeText(l)}`).join('; '))
  }
  const evidence = kind === 'awaiting' && d.outcome.kind === 'cannot-check' ? 'on its way: the service names no transaction for it yet' : outcomeText(d)
  return wordFor(kind, d.role, `${d.role}: ${evidence}`)
}

/** Every word the column may show, full and short: the column is as wide as the longest, whatever the rows say. */
export function allCellWords(): { word: string; short: string }[] {
  const awaiting = ROUTE.map((r) => wordFor('awaiting', r, ''))
  return [...Object.values(FIXED), ...awaiting, ...Object.values(CELL_WORDS)]
}

/**
 * One row of the Transfers table checked: its word and that word's evidence, or (word null) why the transfer
 * could not be checked at all (the service does not know the hash, it did not answer).
 */
export interface RowCheck {
  txHash: string
  word: ChainWord | null
  /** the word's evidence, or the failure, in one line (the cell's title) */
  text: string
}

/** A transfer's check as the table's row reads it: the word the Transfer view writes for the same check. */
export function rowCheckOf(check: Pick<TransferCheck, 'txHash' | 'legs' | 'question'>): RowCheck {
  const word = chainWordOf(check.legs, check.question ?? null)
  return { txHash: check.txHash, word, text: word.text }
}
