// One vault poll: ask every node of the profile for the latest vault and keep each node's own truth — its
// epoch, key, status, last answer and error, and its health (one "unreachable" after N consecutive failures,
// one "recovered" when it answers again).
//
// Epochs only go forward, and nodes do not move in step: one rotates, another lags a few blocks, a third is
// down and comes back with what it knew then. So the vault is what the highest epoch any node has reported
// says, and it never goes back. A node below that epoch is *behind* — news about the node (one event when it
// has been behind for a few answers, one when it catches up), never a change of the vault. "Nodes disagree"
// is for nodes that tell the same epoch differently.
//
// Each answer's records are recognised once, by the client; the snapshot, the comparison of nodes and the
// change's summary all read those. A poll hands back how each node stands after it (latency or error) rather
// than keeping it anywhere: the core shows it in its status, the CLI's metrics time the nodes by it.
import { createHash } from 'node:crypto'
import { toErrorData } from '@shared/errors'
import type { AppErrorData } from '@shared/errors'
import type { VaultResult } from '@shared/schemas/vault'
import type { WatchNodeStatus, WatchStatus } from '@shared/watch'
import type { DiskCache } from '../store'
import type { Poller, PollReport, PollRun } from './poller'
import { keepSnapshot } from './snapshots'
import { newNodeState, type NodeState, type ProfileWatchState, type WatchState } from './state'
import type { Announce, WatchClient, WatchSettings } from './types'
import { describeVaultChange, summariseRecognised, toJsonChanges, type RecognisedVault } from '@shared/vault-summary'
import { recogniseVaultRecords } from '@shared/schemas/vault'
import { diffVault, snapshotOf, type VaultSnapshot } from './vault-diff'

export interface VaultPollDeps {
  profileId: string
  client: Pick<WatchClient, 'getVault'>
  rpcUrls: readonly string[]
  state: ProfileWatchState
  announce: Announce
  now: () => number
  unreachableAfter: number
  /** answers below the highest epoch before a node is announced as behind (default: unreachableAfter) */
  behindAfter?: number
  cache: DiskCache | null
  signal: AbortSignal
  /** the last vault's answer as recognised when it was new, so a change is summarised without a second reading */
  lastRecognised?: KnownVault | null
}

/** A vault answer as recognised, with the hash of its snapshot. */
export interface KnownVault {
  hash: string
  answer: RecognisedVault
}

/** What one poll of the nodes found: whether any answered, each node as it stands, and the comparison. */
export interface VaultPollOutcome {
  ok: boolean
  /** every node of the profile after this poll (latency or error), in profile order */
  nodes: WatchNodeStatus[]
  /** whether the reachable nodes told the same vault; undefined when fewer than two answered */
  agree?: boolean
  /** the answer that speaks for the vault now, as recognised (handed to the next poll) */
  reference: KnownVault | null
}

type Answer = { url: string; ok: true; result: VaultResult; latencyMs: number } | { url: string; ok: false; error: AppErrorData }
type Told = { url: string; result: VaultResult; snap: VaultSnapshot }

async function ask(d: VaultPollDeps, url: string): Promise<Answer> {
  const start = performance.now()
  try {
    const result = await d.client.getVault('latest', { rpcUrl: url, signal: d.signal })
    return { url, ok: true, result, latencyMs: Math.round(performance.now() - start) }
  } catch (error) {
    return { url, ok: false, error: toErrorData(error) }
  }
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/** An epoch as a number to compare, or null when it is not one (an unrecognised vault shape). */
function epochValue(e: string | null): bigint | null {
  if (e === null || !/^(0x[0-9a-fA-F]+|\d+)$/.test(e)) return null
  return BigInt(e)
}

function liveStatus(url: string, node: NodeState, extra: Partial<WatchNodeStatus>): WatchNodeStatus {
  return {
    url,
    ok: extra.ok ?? true,
    latencyMs: null,
    lastAnswerAt: node.lastAnswerAt,
    epoch: node.epoch,
    publicKey: node.publicKey,
    vaultStatus: node.status,
    behind: node.behind,
    ...extra
  }
}

function recordHealth(d: VaultPollDeps, a: Answer, snap: VaultSnapshot | null): WatchNodeStatus {
  const node = (d.state.nodes[a.url] ??= newNodeState())
  const at = d.now()
  if (a.ok) {
    if (node.unreachable) {
      d.announce({
        kind: 'node-recovered',
        id: `node-recovered:${a.url}:${node.downSince ?? 0}`,
        url: a.url,
        downSince: node.downSince,
        title: 'Vault node answers again',
        body: `${a.url} answered after ${node.failures} failed polls.`
      })
    }
    Object.assign(node, { failures: 0, unreachable: false, downSince: null, lastAnswerAt: at, latencyMs: a.latencyMs })
    if (snap) Object.assign(node, { epoch: snap.epoch, publicKey: snap.publicKey, status: snap.status })
    return liveStatus(a.url, node, { ok: true, latencyMs: a.latencyMs, lastAnswerAt: at })
  }
  node.failures += 1
  if (node.failures === 1) node.downSince = at
  const status = liveStatus(a.url, node, { ok: false, latencyMs: null, error: a.error })
  if (!node.unreachable && node.failures >= d.unreachableAfter) {
    node.unreachable = true
    d.announce({
      kind: 'node-unreachable',
      id: `node-unreachable:${a.url}:${node.downSince ?? at}`,
      url: a.url,
      failures: node.failures,
      error: a.error,
      title: 'Vault node unreachable',
      body: `${a.url} failed ${node.failures} polls in a row: ${a.error.message}`
    })
  }
  return status
}

/**
 * Behind and caught up, for the nodes that answered this poll: a node whose own epoch is below the highest
 * for `behindAfter` answers in a row is announced behind (with its epoch and the others'); once announced,
 * the answer that reaches the highest again is announced as caught up. A node that does not answer keeps
 * its standing: being down is told by unreachable/recovered.
 */
function trackBehind(d: VaultPollDeps, told: Told[], highest: bigint, highestText: string, nodes: Map<string, WatchNodeStatus>): void {
  const after = Math.max(1, d.behindAfter ?? d.unreachableAfter)
  for (const t of told) {
    const node = d.state.nodes[t.url]
    const own = epochValue(t.snap.epoch)
    if (!node || own === null || t.snap.epoch === null) continue
    if (own < highest) {
      node.behindPolls += 1
      node.behindSince ??= d.now()
      if (!node.behind && node.behindPolls >= after) {
        node.behind = true
        const ahead = Object.entries(d.state.nodes)
          .filter(([url, n]) => url !== t.url && d.rpcUrls.includes(url) && epochValue(n.epoch) !== null && epochValue(n.epoch)! > own)
          .map(([url, n]) => `${url} (epoch ${n.epoch})`)
        d.announce({
          kind: 'node-behind',
          id: `node-behind:${t.url}:${highestText}`,
          url: t.url,
          epoch: t.snap.epoch,
          highest: highestText,
          ahead,
          title: `Vault node behind: epoch ${t.snap.epoch} of ${highestText}`,
          body: `${t.url} reports epoch ${t.snap.epoch}; ${ahead.length ? ahead.join(', ') : 'the vault'} ${ahead.length === 1 ? 'is' : 'are'} at ${highestText}.`
        })
      }
    } else {
      if (node.behind) {
        d.announce({
          kind: 'node-caught-up',
          id: `node-caught-up:${t.url}:${t.snap.epoch}:${node.behindSince ?? 0}`,
          url: t.url,
          epoch: t.snap.epoch,
          behindSince: node.behindSince,
          title: `Vault node caught up: epoch ${t.snap.epoch}`,
          body: `${t.url} reports epoch ${t.snap.epoch} again, the vault's highest.`
        })
      }
      Object.assign(node, { behind: false, behindPolls: 0, behindSince: null })
    }
    const status = nodes.get(t.url)
    if (status) status.behind = node.behind
  }
}

/** The top-level field names two vault answers differ in ("public_key", "addresses", …). */
function differingFields(a: VaultResult, b: VaultResult): string[] {
  const fields = diffVault(a, b).map((c) => /^\$(?:\[\d+\])?\.?([A-Za-z0-9_$]*)/.exec(c.path)?.[1] || '(whole result)')
  return [...new Set(fields)]
}

/** Nodes that tell the reference's epoch differently. Nodes at another epoch are behind, not in disagreement. */
function checkAgreement(d: VaultPollDeps, ref: Told, others: Told[]): boolean {
  const epoch = ref.snap.epoch
  const fields = new Set<string>()
  const nodes: string[] = []
  for (const other of others) {
    if (epoch !== null && other.snap.epoch !== epoch) continue
    const diff = differingFields(ref.result, other.result)
    if (diff.length > 0) {
      diff.forEach((f) => fields.add(f))
      nodes.push(other.url)
    }
  }
  if (nodes.length === 0) return true
  const list = [...fields].sort()
  d.announce({
    kind: 'nodes-disagree',
    id: `nodes-disagree:${epoch ?? 'unknown'}:${shortHash(JSON.stringify([list, nodes]))}`,
    epoch,
    fields: list,
    nodes: [ref.url, ...nodes],
    title: `Vault nodes disagree${epoch === null ? '' : ` on epoch ${epoch}`}`,
    body: `${nodes.join(', ')} differ from ${ref.url} in ${list.join(', ')}.`
  })
  return false
}

/** The answer that speaks for the vault: the highest epoch told, the first node (in profile order) at it. */
function reference(told: Told[]): Told {
  let best = told[0]!
  for (const t of told.slice(1)) {
    const a = epochValue(t.snap.epoch)
    const b = epochValue(best.snap.epoch)
    if (a !== null && (b === null || a > b)) best = t
  }
  return best
}

export async function pollVault(d: VaultPollDeps): Promise<VaultPollOutcome> {
  const answers = await Promise.all(d.rpcUrls.map((url) => ask(d, url)))
  if (d.signal.aborted) return { ok: false, nodes: [], reference: null }
  const told: Told[] = []
  const nodes = new Map<string, WatchNodeStatus>()
  for (const a of answers) {
    const snap = a.ok ? snapshotOf(a.result, d.now()) : null
    nodes.set(a.url, recordHealth(d, a, snap))
    if (a.ok && snap) told.push({ url: a.url, result: a.result, snap })
  }
  const outcome = (ok: boolean, reference: KnownVault | null, agree?: boolean): VaultPollOutcome => ({
    ok,
    nodes: [...nodes.values()],
    reference,
    ...(agree === undefined ? {} : { agree })
  })
  if (told.length === 0) return outcome(false, null)
  const ref = reference(told)
  const last = d.state.last
  const refEpoch = epochValue(ref.snap.epoch)
  const lastEpoch = last ? epochValue(last.epoch) : null
  // The highest epoch ever reported: the vault never goes back below it.
  const highest = refEpoch !== null && (lastEpoch === null || refEpoch >= lastEpoch) ? refEpoch : lastEpoch
  if (highest !== null) trackBehind(d, told, highest, highest === refEpoch ? (ref.snap.epoch ?? String(highest)) : (last?.epoch ?? String(highest)), nodes)
  const agree = told.length > 1 ? checkAgreement(d, ref, told.filter((t) => t !== ref)) : undefined
  const kept = (): VaultPollOutcome => outcome(true, d.lastRecognised ?? null, agree)
  const known: KnownVault = { hash: ref.snap.hash, answer: ref.result }

  if (!last) {
    d.state.last = ref.snap
    if (d.cache) await keepSnapshot(d.cache, d.profileId, ref.snap)
    return outcome(true, known, agree)
  }
  if (last.hash === ref.snap.hash) return outcome(true, known, agree)
  // An older epoch never changes the vault: every node that answered is behind what was seen before.
  if (refEpoch !== null && lastEpoch !== null && refEpoch < lastEpoch) return kept()
  // The same epoch told differently by a fallback node is a disagreement, not a change of the vault.
  if (ref.url !== d.rpcUrls[0] && ref.snap.epoch !== null && ref.snap.epoch === last.epoch) return kept()
  const snap = ref.snap
  // The last vault was recognised when it was new; only after a restart is its stored answer read again.
  const before = d.lastRecognised?.hash === last.hash ? d.lastRecognised.answer : { raw: last.raw, records: recogniseVaultRecords(last.raw) }
  const lines = summariseRecognised(before, ref.result)
  const changes = toJsonChanges(lines)
  const title =
    last.epoch !== snap.epoch ? `Vault epoch ${last.epoch ?? '?'} → ${snap.epoch ?? '?'}` : `Vault changed${snap.epoch === null ? '' : ` (epoch ${snap.epoch})`}`
  d.announce({
    kind: 'vault-change',
    id: `vault-change:${last.hash.slice(0, 12)}-${snap.hash.slice(0, 12)}`,
    epochBefore: last.epoch,
    epochAfter: snap.epoch,
    changes,
    title,
    body: describeVaultChange(lines)
  })
  d.state.last = snap
  if (d.cache) await keepSnapshot(d.cache, d.profileId, snap)
  return outcome(true, known, agree)
}

export interface VaultPollerDeps {
  profileId: string
  client: Pick<WatchClient, 'getVault'>
  rpcUrls: readonly string[]
  state: WatchState
  settings: () => Pick<WatchSettings, 'pollIntervals' | 'unreachableAfterFailures'>
  cache?: DiskCache | null
}

/** The vault nodes of a profile as a poller: failures back off, the nodes lead the status. */
export class VaultPoller implements Poller {
  readonly name = 'vault'
  readonly backsOff = true
  readonly leads = true
  private agreeing: boolean | null = null
  private lastRecognised: KnownVault | null = null

  constructor(private readonly d: VaultPollerDeps) {}

  intervalMs(): number {
    return this.d.settings().pollIntervals.vaultSec * 1000
  }

  /** Whether the reachable nodes told the same vault at the last comparison (null before any, or with one node). */
  nodesAgree(): boolean | null {
    return this.agreeing
  }

  async poll(run: PollRun): Promise<PollReport> {
    const p = this.d.state.profile(this.d.profileId)
    const out = await pollVault({
      profileId: this.d.profileId,
      client: this.d.client,
      rpcUrls: this.d.rpcUrls,
      state: p,
      announce: run.announce,
      now: run.now,
      unreachableAfter: this.d.settings().unreachableAfterFailures,
      cache: this.d.cache ?? null,
      signal: run.signal,
      lastRecognised: this.lastRecognised
    })
    if (out.agree !== undefined) this.agreeing = out.agree
    this.lastRecognised = out.reference ?? this.lastRecognised
    p.vaultFailures = out.ok ? 0 : p.vaultFailures + 1
    return { failures: p.vaultFailures, nodes: out.nodes }
  }

  standing(): Required<Pick<WatchStatus, 'nodes' | 'vault'>> {
    const p = this.d.state.profile(this.d.profileId)
    return {
      nodes: this.d.rpcUrls.map((url): WatchNodeStatus => {
        const n = p.nodes[url]
        return {
          url,
          ok: n ? !n.unreachable && n.failures === 0 : true,
          latencyMs: n?.latencyMs ?? null,
          lastAnswerAt: n?.lastAnswerAt ?? null,
          epoch: n?.epoch ?? null,
          publicKey: n?.publicKey ?? null,
          vaultStatus: n?.status ?? null,
          behind: n?.behind ?? false
        }
      }),
      vault: p.last ? { epoch: p.last.epoch, status: p.last.status } : null
    }
  }
}
