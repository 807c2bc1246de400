// The Transfers table's chain-check column: the rows in view, once the table has stopped moving for a moment,
// are checked in main (`transfer:checkRows`) and their answers kept, so scrolling back costs nothing; a row
// shown again after `reaskMs` is asked again (no answer, a confirmation least of all, is made permanent: main
// proves a kept confirmation's block again). Rows the user only scrolled past are never asked about. Nothing
// here is awaited by the table or its filter: `show` only sets a timer, and answers land in a map the cells read.
import { untrack } from 'svelte'
import { SvelteMap } from 'svelte/reactivity'
import { ROW_CHECK_MAX } from '@shared/chain-check'
import type { RowCheck } from '@shared/chain-word'

export type AskRows = (txHashes: string[]) => Promise<RowCheck[]>

export class RowChecks {
  readonly results = new SvelteMap<string, RowCheck>()
  /** hashes asked (or being asked), with when: bookkeeping no view reads, so a plain record */
  private asked: Record<string, number> = Object.create(null) as Record<string, number>
  private timer: ReturnType<typeof setTimeout> | undefined
  /**
   * Bumped by reset. Answers to an earlier round's questions are dropped, so the view reads this to show its rows
   * again: a reset lands while rows sit in view (the speaker found after the first page, checks turned back on)
   * and nothing else about them changes, and without a new `show` they would wait for an answer forever.
   */
  round = $state(0)

  constructor(
    private readonly ask: AskRows,
    /** how long the rows in view must stay put before they are checked */
    private readonly settleMs = 400,
    /** how long an answer is shown without asking again when its row comes back into view */
    private readonly reaskMs = 5 * 60_000,
    private readonly now: () => number = Date.now
  ) {}

  at(txHash: string): RowCheck | undefined {
    return this.results.get(txHash.toLowerCase())
  }

  /** The rows in view now; checked if they are still in view when scrolling settles. */
  show(txHashes: readonly string[]): void {
    clearTimeout(this.timer)
    const stale = this.now() - this.reaskMs
    const wanted = txHashes.map((h) => h.toLowerCase()).filter((h, i, all) => !((this.asked[h] ?? -Infinity) > stale) && all.indexOf(h) === i)
    if (wanted.length === 0) return
    this.timer = setTimeout(() => void this.check(wanted), this.settleMs)
  }

  /** Another profile or another list source: answers of the last one are not this one's. */
  reset(): void {
    clearTimeout(this.timer)
    // called from an effect: reading the round there would make that effect depend on what it changes
    this.round = untrack(() => this.round) + 1
    this.asked = Object.create(null) as Record<string, number>
    this.results.clear()
  }

  dispose(): void {
    clearTimeout(this.timer)
  }

  private async check(hashes: string[]): Promise<void> {
    const round = this.round
    const at = this.now()
    for (const h of hashes) this.asked[h] = at
    for (let i = 0; i < hashes.length; i += ROW_CHECK_MAX) {
      const batch = hashes.slice(i, i + ROW_CHECK_MAX)
      try {
        const answers = await this.ask(batch)
        if (round !== this.round) return
        for (const r of answers) this.results.set(r.txHash.toLowerCase(), r)
      } catch (error) {
        if (round !== this.round) return
        // asked again when next in view: a refusal now (checks turned off meanwhile, main busy) is not an answer
        for (const h of batch) delete this.asked[h]
        const text = `Not checked: ${error instanceof Error ? error.message : String(error)}`
        for (const h of batch) this.results.set(h, { txHash: h, word: null, text })
      }
    }
  }
}
