// Whether a vault holds what its books say, per token, in exact decimals. The rules learn from THORChain's
// solvency halts: only a finalized balance is weighed (the caller reads it so), payouts still pending never
// offset a shortfall (they are shown beside it), and while the books trail the chain (a lagging scanner)
// nothing is judged.
import { AppError } from './errors'
import { decimalToString, normalize, parseDecimal, type Decimal } from './decimal'
import type { ScannerLag, Verdict } from './keepers'

/** Whole units of a token with `decimals` places, as exact decimal text in token units. */
export function tokenUnits(raw: bigint, decimals: number): string {
  return decimalToString(normalize({ units: raw, scale: decimals }))
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale)
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale)]
}

/** A threshold per cent as the operator typed it ("1", "0.5"), or an input error naming the flag. */
export function thresholdPct(text: string, field = 'threshold'): string {
  const t = text.trim()
  if (!/^\d{1,3}(\.\d{1,6})?$/.test(t) || Number(t) > 100) {
    throw new AppError({
      kind: 'input',
      field,
      message: `--${field} is a per cent from 0 to 100 (up to 6 decimals), got "${text.slice(0, 40)}"`
    })
  }
  return decimalToString(normalize(parseDecimal(t)))
}

/** Digits kept after the point in a per cent (truncated toward zero). */
const PCT_DIGITS = 4

/** gap = on chain − booked, and gap as a per cent of booked (null when booked is not above 0). */
export function gapOf(booked: string, onChain: string): { gap: string; pct: string | null } {
  const bd = parseDecimal(booked)
  const od = parseDecimal(onChain)
  const [b, o] = aligned(bd, od)
  const scale = Math.max(bd.scale, od.scale)
  const gap = o - b
  const gapText = decimalToString(normalize({ units: gap, scale }))
  if (b <= 0n) return { gap: gapText, pct: null }
  const pctUnits = (gap * 100n * 10n ** BigInt(PCT_DIGITS)) / b
  return { gap: gapText, pct: decimalToString(normalize({ units: pctUnits, scale: PCT_DIGITS })) }
}

export interface TokenJudgement {
  booked: string
  onChain: string
  thresholdPct: string
  /** the books' lag on this chain, null when no node reported it */
  lag: number | null
  maxLag: number
}

/**
 * ok, short (on chain below booked by more than the threshold's share of booked), or cannot judge yet (the
 * books trail the chain by more than maxLag blocks: a deposit the scanner has not booked would look like a
 * surplus, a payout it has not booked like a shortfall).
 */
export function judgeToken(j: TokenJudgement): Verdict {
  if (j.lag !== null && j.lag > j.maxLag) {
    return {
      kind: 'cannot-judge-yet',
      lagBlocks: j.lag,
      reason: `the chain's scanner trails it by ${j.lag} blocks (more than ${j.maxLag})`
    }
  }
  const booked = parseDecimal(j.booked)
  const [b, o] = aligned(booked, parseDecimal(j.onChain))
  if (o >= b) return { kind: 'ok' }
  // short by more than threshold % of booked: (b − o) · 100 > threshold · b, in integers
  const t = parseDecimal(j.thresholdPct)
  const shortBy = (b - o) * 100n * 10n ** BigInt(t.scale)
  const allowed = b > 0n ? t.units * b : 0n
  if (shortBy <= allowed) return { kind: 'ok' }
  return { kind: 'short', pct: gapOf(j.booked, j.onChain).pct ?? '-100' }
}

/**
 * The books' lag on a chain: compass-tss nodes book a chain's events once two thirds of them observed it
 * (the TSS quorum), so the lag the fastest two thirds of reporting nodes are within is how far the books
 * trail. Null when no node reported a lag for the chain.
 */
export function booksLag(
  reports: readonly (readonly ScannerLag[])[],
  chainName: string
): { blocks: number; nodes: number } | null {
  const lags = reports
    .flatMap((r) =>
      r
        .filter((s) => s.chain.toLowerCase() === chainName.toLowerCase() && s.lag !== null)
        .map((s) => s.lag as number)
    )
    .sort((a, b) => a - b)
  if (lags.length === 0) return null
  const at = Math.max(0, Math.ceil((2 * lags.length) / 3) - 1)
  return { blocks: Math.max(0, lags[at] as number), nodes: lags.length }
}
