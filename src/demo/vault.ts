// TSS vault epochs. MAP Protocol's documented record is { epoch, public_key, status, chains, addresses };
// the sim starts with a few epochs and rotates keys on demand or on a schedule, sometimes adding a chain,
// so the app's vault view and change alerts have something to show.
import { MAP_CHAIN_ID, type Catalog } from './catalog'
import type { WireObject, WireValue } from './json'
import { Rng, SALT } from './prng'

export type VaultShape = 'array' | 'object' | 'unknown'

export interface VaultEpoch {
  epoch: number
  publicKey: string
  chains: number[]
  addresses: { chain: number; address: string }[]
  /** epoch seconds the epoch began */
  startedSec: number
}

const INITIAL_EPOCHS = 5
const FIRST_EPOCH = 1
/** Chains the vault serves at first; the rest are added by later rotations. */
const INITIAL_CHAINS = 6

export class VaultState {
  private readonly epochs: VaultEpoch[] = []
  private readonly candidates: number[]

  constructor(
    private readonly seed: number,
    catalog: Catalog,
    private readonly now: () => number
  ) {
    this.candidates = catalog.chains.filter((c) => c.chainId !== MAP_CHAIN_ID).map((c) => c.chainId)
    const nowSec = Math.floor(now() / 1000)
    let chains = this.candidates.slice(0, INITIAL_CHAINS - 2)
    for (let k = 0; k < INITIAL_EPOCHS; k++) {
      if (k % 2 === 1) chains = this.grow(chains)
      // Earlier epochs lasted a week each.
      this.epochs.push(this.makeEpoch(FIRST_EPOCH + k, chains, nowSec - (INITIAL_EPOCHS - 1 - k) * 7 * 86400))
    }
  }

  private grow(chains: number[]): number[] {
    const next = this.candidates.find((id) => !chains.includes(id))
    return next === undefined ? chains : [...chains, next]
  }

  private makeEpoch(epoch: number, chains: number[], startedSec: number): VaultEpoch {
    const rng = Rng.of(this.seed, SALT.vault, epoch)
    return {
      epoch,
      publicKey: '0x04' + rng.hex(128),
      chains,
      addresses: chains.map((chain) => ({ chain, address: '0x' + rng.hex(40) })),
      startedSec
    }
  }

  rotate(): VaultEpoch {
    const last = this.latest()
    // Every third rotation onboards a chain, so clients see the chain set change too.
    const chains = last.epoch % 3 === 0 ? this.grow(last.chains) : last.chains
    const next = this.makeEpoch(last.epoch + 1, chains, Math.floor(this.now() / 1000))
    this.epochs.push(next)
    return next
  }

  latest(): VaultEpoch {
    const last = this.epochs[this.epochs.length - 1]
    if (!last) throw new Error('vault has no epochs')
    return last
  }

  get(epoch: number): VaultEpoch | undefined {
    return this.epochs.find((e) => e.epoch === epoch)
  }

  epochNumbers(): number[] {
    return this.epochs.map((e) => e.epoch)
  }

  /** `active`: the epoch the answering node holds for current (a node lagging a rotation still holds an older one) */
  record(e: VaultEpoch, active: VaultEpoch = this.latest()): WireObject {
    return {
      epoch: e.epoch,
      public_key: e.publicKey,
      status: e === active ? 'active' : 'retired',
      chains: e.chains,
      addresses: e.addresses
    }
  }

  /** the JSON-RPC result for one epoch, in the configured shape */
  result(e: VaultEpoch, shape: VaultShape, active: VaultEpoch = this.latest()): WireValue {
    const record = this.record(e, active)
    if (shape === 'array') return [record]
    if (shape === 'object') return record
    // A shape the client does not recognise: it must keep it whole rather than fail.
    return {
      vault: record,
      meta: { source: 'bridgescope-sim', epochs: this.epochs.length, since: e.startedSec }
    }
  }
}
