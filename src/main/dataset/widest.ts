// The rows of a loaded history that together hold the widest text of every Transfers column, so the table can
// size each column once for the whole history: scrolling a million rows never widens a column (the rows in
// view were the measure before, and Amount grew from 204 to 226 px on the way down), and the renderer never
// scans the history to find them — it measures these few rows with the same code that draws the cells.
//
// Each column says how its widest text is found (WIDEST below, one entry per column: a new column must say
// it, or the build fails):
//   - `longest`: text that differs row by row, drawn in the monospaced font (amounts, durations): the row of
//     the most characters is the widest, whatever the font;
//   - `distinct`: text from few values, drawn in the proportional font (chains, tokens, states): one row per
//     distinct value, and the renderer measures each in its font;
//   - null: a column whose width does not follow its text (Time, the shortened hashes).
import { durationMsText, stableText } from '@shared/format'
import { canBeStuck } from '@shared/outcome'
import { outcomeOf } from '@shared/states'
import { amountWords, deliveryMsOfRecord, receivedOfRecord, receivedWords, sentOfRecord } from '@shared/transfer'
import type { TransferRecord } from '@shared/schemas/wire'
import type { TransferColumnId } from '@shared/transfer-columns'
import { TransferTable } from './table'

type Reader = <K extends keyof TransferRecord & string>(i: number, key: K) => TransferRecord[K]

type Widest = { longest: (v: Reader, i: number) => number } | { distinct: (v: Reader, i: number) => string } | null

// Each text is the model's (src/shared/transfer.ts), made from the few columns it needs rather than from a
// whole row: reading a million rows whole would take seconds.
const sentOf = (v: Reader, i: number) => sentOfRecord({ amount: v(i, 'amount'), tokenAddress: v(i, 'tokenAddress'), tokenObject: v(i, 'tokenObject'), origin: v(i, 'origin') })
const outcomeAt = (v: Reader, i: number) => outcomeOf({ state: v(i, 'state'), outcome: v(i, 'outcome') })

const WIDEST: Readonly<Record<TransferColumnId, Widest>> = {
  time: null,
  route: {
    distinct: (v, i) => `${v(i, 'fromChainid')}\u0000${v(i, 'fromChainObject')?.chainName ?? ''}\u0000${v(i, 'toChainid')}\u0000${v(i, 'toChainObject')?.chainName ?? ''}`
  },
  token: { distinct: (v, i) => `${v(i, 'tokenObject')?.symbol ?? v(i, 'tokenAddress')}\u0000${(v(i, 'issues')?.length ?? 0) > 0}` },
  amount: { longest: (v, i) => amountWords(sentOf(v, i)).length },
  received: {
    longest: (v, i) => {
      const received = receivedOfRecord({
        inAmount: v(i, 'inAmount'),
        received: v(i, 'received'),
        state: v(i, 'state'),
        outcome: v(i, 'outcome'),
        transferinHash: v(i, 'transferinHash'),
        origin: v(i, 'origin')
      })
      return receivedWords({ sent: sentOf(v, i), received }).length
    }
  },
  stable: { longest: (v, i) => stableText(v(i, 'stable')).length },
  // a row not delivered may be marked stuck as time passes: it stands for its state with the mark
  state: { distinct: (v, i) => `${v(i, 'state')}\u0000${v(i, 'outcome')}\u0000${v(i, 'origin')?.stateMeaning ?? ''}\u0000${v(i, 'origin')?.dialect ?? ''}\u0000${canBeStuck(outcomeAt(v, i))}` },
  type: { distinct: (v, i) => String(v(i, 'type')) },
  duration: {
    longest: (v, i) =>
      durationMsText(
        deliveryMsOfRecord({
          state: v(i, 'state'),
          outcome: v(i, 'outcome'),
          timestamp: v(i, 'timestamp'),
          createdAt: v(i, 'createdAt'),
          updatedAt: v(i, 'updatedAt'),
          origin: v(i, 'origin')
        })
      ).length
  },
  hashes: null,
  // the chain-check outcome's longest word sets it (a fixed width), not the rows
  chain: null
}

/** Rows a slice reads before letting other work run (a million-row history takes seconds to read through). */
const SLICE_ROWS = 32_768

/** A pass over a table's rows finding each column's widest, resumable slice by slice. */
class WidestPass {
  private readonly hows = Object.values(WIDEST).filter((h): h is NonNullable<Widest> => h !== null)
  private readonly best = this.hows.map(() => ({ n: -1, at: -1 }))
  private readonly seen = this.hows.map(() => new Set<string>())
  private readonly picked = new Set<number>()
  private readonly v: Reader

  constructor(private readonly t: TransferTable) {
    this.v = (i, key) => t.value(i, key)
  }

  scan(from: number, to: number): void {
    const v = this.v
    this.hows.forEach((how, c) => {
      if ('longest' in how) {
        const b = this.best[c] as { n: number; at: number }
        for (let i = from; i < to; i++) {
          const n = how.longest(v, i)
          if (n > b.n) [b.n, b.at] = [n, i]
        }
      } else {
        const keys = this.seen[c] as Set<string>
        for (let i = from; i < to; i++) {
          const key = how.distinct(v, i)
          if (keys.has(key)) continue
          keys.add(key)
          this.picked.add(i)
        }
      }
    })
  }

  rows(): number[] {
    for (const b of this.best) if (b.at >= 0) this.picked.add(b.at)
    return [...this.picked].sort((a, b) => a - b)
  }
}

/** The numbers of the rows that hold each column's widest text (ascending, each once). */
export function widestRows(t: TransferTable): number[] {
  const pass = new WidestPass(t)
  pass.scan(0, t.length)
  return pass.rows()
}

/** widestRows as records, read in slices with `pause` between them: a loaded million takes seconds. */
export async function widestRecordsPaced(t: TransferTable, pause: () => Promise<void>): Promise<TransferRecord[]> {
  const pass = new WidestPass(t)
  for (let from = 0; from < t.length; from += SLICE_ROWS) {
    if (from > 0) await pause()
    pass.scan(from, Math.min(t.length, from + SLICE_ROWS))
  }
  return t.records(pass.rows())
}

/** The widest rows of a table, as records. */
export function widestRecords(t: TransferTable): TransferRecord[] {
  return t.records(widestRows(t))
}

/**
 * After a merge (Live): the widest of the rows that were widest before and the rows merged in. A replaced row
 * keeps counting with its old texts, so a column never narrows while its history is shown (a narrower column
 * is no harm; one that jumps under the user's eyes is).
 */
export function widestAfterMerge(before: readonly TransferRecord[], fresh: readonly TransferRecord[]): TransferRecord[] {
  return widestRecords(new TransferTable([...before, ...fresh]))
}
