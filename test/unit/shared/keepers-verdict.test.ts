// The solvency verdict, as properties over exact amounts: the gap is exact, short means beyond the operator's
// threshold, a lagging scanner always defers judgement, and the books' lag follows the two-thirds quorum.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { booksLag, gapOf, judgeToken, thresholdPct, tokenUnits } from '@shared/keepers-verdict'
import { parseDecimal } from '@shared/decimal'

const raw = fc.bigInt({ min: 0n, max: 10n ** 40n })
const decimals = fc.integer({ min: 0, max: 24 })
/** a threshold as an operator types it: up to 100, up to 6 decimals */
const threshold = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`)

function scaled(text: string, scale: number): bigint {
  const d = parseDecimal(text)
  return d.units * 10n ** BigInt(scale - d.scale)
}

describe('the solvency verdict', () => {
  it('the gap is on chain minus booked, exactly, at any decimals on either side', () => {
    fc.assert(
      fc.property(raw, decimals, raw, decimals, (b, bd, o, od) => {
        const booked = tokenUnits(b, bd)
        const onChain = tokenUnits(o, od)
        const scale = Math.max(bd, od)
        expect(scaled(gapOf(booked, onChain).gap, scale)).toBe(
          o * 10n ** BigInt(scale - od) - b * 10n ** BigInt(scale - bd)
        )
      })
    )
  })

  it('short exactly when on chain falls below booked by more than the threshold share of booked', () => {
    fc.assert(
      fc.property(raw, raw, decimals, threshold, (b, o, d, t) => {
        const v = judgeToken({
          booked: tokenUnits(b, d),
          onChain: tokenUnits(o, d),
          thresholdPct: thresholdPct(t),
          lag: null,
          maxLag: 10
        })
        // (b − o) / b > t / 100, with t = tu / 10^6
        const tu = scaled(t, 6)
        const isShort = o < b && (b - o) * 100n * 10n ** 6n > tu * b
        expect(v.kind).toBe(isShort ? 'short' : 'ok')
      })
    )
  })

  it('less on chain never turns short into ok', () => {
    fc.assert(
      fc.property(raw, raw, raw, threshold, (b, o, less, t) => {
        const lower = o > less ? o - less : 0n
        const j = (on: bigint) =>
          judgeToken({
            booked: tokenUnits(b, 18),
            onChain: tokenUnits(on, 18),
            thresholdPct: thresholdPct(t),
            lag: null,
            maxLag: 10
          }).kind
        if (j(o) === 'short') expect(j(lower)).toBe('short')
      })
    )
  })

  it('a scanner lag beyond the limit defers judgement whatever the amounts; at the limit it judges', () => {
    fc.assert(
      fc.property(
        raw,
        raw,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (b, o, lag, max) => {
          const v = judgeToken({
            booked: tokenUnits(b, 6),
            onChain: tokenUnits(o, 6),
            thresholdPct: '1',
            lag,
            maxLag: max
          })
          expect(v.kind === 'cannot-judge-yet').toBe(lag > max)
          if (v.kind === 'cannot-judge-yet') expect(v.lagBlocks).toBe(lag)
        }
      )
    )
  })

  it("the books' lag is one that two thirds of the reporting nodes are within", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 40 }), (lags) => {
        const got = booksLag(
          lags.map((lag) => [{ chain: 'Eth', chainHeight: 1, scannerHeight: 1, lag }]),
          'ETH'
        )
        const within = lags.filter((l) => l <= (got?.blocks ?? -1)).length
        expect(within * 3).toBeGreaterThanOrEqual(lags.length * 2)
        // and no smaller lag would do
        expect(lags.filter((l) => l < (got?.blocks ?? 0)).length * 3).toBeLessThan(lags.length * 2)
      })
    )
    expect(booksLag([[{ chain: 'Eth', chainHeight: null, scannerHeight: 5, lag: null }]], 'Eth')).toBeNull()
  })

  it('a threshold that is not a per cent is refused, naming the flag', () => {
    for (const bad of ['', '-1', '101', '1e2', 'abc', '1.1234567'])
      expect(() => thresholdPct(bad)).toThrow(/--threshold/)
    expect(thresholdPct('1.50')).toBe('1.5')
  })
})
