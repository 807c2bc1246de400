// The demo network moves as a live one does, so the app (and its tests) meet a world that does not stand
// still: the busiest address gains transfers while it is being read (one arrives with each request for its
// history, at the head of the list), each arrival is in flight for a while and then settles, and a second
// node lags every rotation by a few of its polls and sometimes fails.
import type { Dataset } from './dataset'
import { Rng, SALT } from './prng'
import { buildTransfer, type Transfer } from './transfer'
import type { VaultEpoch, VaultState } from './vault'

export interface MotionOptions {
  /** newest transfers of the busiest address held back, to arrive one per request for its history */
  arrivals: number
  /** seconds an arrival stays in flight before it settles: from … to */
  settleSec: readonly [number, number]
  /** polls of the lagging node between a rotation and its telling the new epoch */
  lagPolls: number
  /** share of the lagging node's answers that fail (a 503), drawn from the seed */
  failRate: number
}

export const DEMO_MOTION: MotionOptions = { arrivals: 60, settleSec: [20, 120], lagPolls: 3, failRate: 0.1 }

export class Motion {
  /** transfer index → when it arrived (epoch ms) */
  private readonly arrivedAt = new Map<number, number>()
  private readonly busiest: { user: number; chainIndex: number } | null
  readonly lagging: LaggingNode

  constructor(
    private readonly ds: Dataset,
    vault: VaultState,
    private readonly opts: MotionOptions,
    private readonly now: () => number
  ) {
    const chainIndex = ds.count > 0 ? ds.chainOf(0) : -1
    // the busiest address is heavy user 0 on its favourite chain (transfer 0 is its oldest)
    this.busiest = chainIndex >= 0 ? { user: 0, chainIndex } : null
    if (this.busiest) ds.hold(this.busiest.user, this.busiest.chainIndex, Math.min(opts.arrivals, Math.floor(ds.groupSize(0, chainIndex) / 4)))
    this.lagging = new LaggingNode(vault, opts, ds.seed)
  }

  /** A request for one address's history: the busiest address gains a transfer at its head first. */
  historyRequested(user: number, chainIndex: number): void {
    if (!this.busiest || user !== this.busiest.user || chainIndex !== this.busiest.chainIndex) return
    const i = this.ds.reveal(user, chainIndex)
    if (i !== null) this.arrivedAt.set(i, this.now())
  }

  /** true while transfer i has not arrived: the service does not know it yet */
  unknown(i: number): boolean {
    return this.ds.isHeld(i)
  }

  /** Transfer i as it stands now: an arrival is sent when it arrived and in flight until it settles. */
  transfer(i: number): Transfer {
    const at = this.arrivedAt.get(i)
    if (at === undefined) return buildTransfer(this.ds, i)
    const [lo, hi] = this.opts.settleSec
    const settleMs = (lo + Rng.of(this.ds.seed, SALT.motion, i).int(Math.max(1, hi - lo + 1))) * 1000
    const nowMs = this.now()
    const natural = buildTransfer(this.ds, i).state
    return buildTransfer(this.ds, i, {
      timeSec: Math.floor(at / 1000),
      state: nowMs < at + settleMs ? 0 : natural === 0 ? 1 : natural,
      nowSec: Math.floor(nowMs / 1000)
    })
  }
}

/**
 * A second node that lags each rotation: it tells a new epoch only after `lagPolls` of its own polls have
 * seen it, and fails a share of its answers. Epochs only go forward on it too.
 */
export class LaggingNode {
  private told: number
  private seen = 0
  private readonly rng: Rng

  constructor(
    private readonly vault: VaultState,
    private readonly opts: Pick<MotionOptions, 'lagPolls' | 'failRate'>,
    seed: number
  ) {
    this.told = vault.latest().epoch
    this.rng = Rng.of(seed, SALT.motion, 0xffffffff)
  }

  /** One poll of the node: whether it fails, and the epoch it knows. */
  poll(): { fails: boolean; latest: VaultEpoch } {
    const latest = this.vault.latest()
    if (latest.epoch > this.told) {
      this.seen += 1
      if (this.seen > this.opts.lagPolls) {
        this.told = latest.epoch
        this.seen = 0
      }
    }
    return { fails: this.rng.float() < this.opts.failRate, latest: this.vault.get(this.told) ?? latest }
  }

  /** the epoch it tells now */
  epoch(): number {
    return this.told
  }
}
