// One vault poll: ask every node of the profile for the latest vault, keep each node's health (one
// "unreachable" after N consecutive failures, one "recovered" when it answers again), check that the nodes
// agree on that epoch, and compare the answer with the last snapshot. Returns false when no node answered.
import { createHash } from 'node:crypto'
import { toErrorData } from '@shared/errors'
import type { AppErrorData } from '@shared/errors'
import type { VaultResult } from '@shared/schemas/vault'
import type { WatchNodeStatus } from '@shared/watch'
import type { DiskCache } from '../store/cache'
import { keepSnapshot } from './snapshots'
import { newNodeState, type ProfileWatchState } from './state'
import type { Announce, WatchClient } from './types'
import { describeVaultChange, summariseVault, toJsonChanges } from '@shared/vault-summary'
import { diffVault, snapshotOf } from './vault-diff'

export interface VaultPollDeps {
  profileId: string
  client: WatchClient
  rpcUrls: readonly string[]
  state: ProfileWatchState
  announce: Announce
  now: () => number
  unreachableAfter: number
  cache: DiskCache | null
  signal: AbortSignal
  /** in-memory per-node detail for watch:status (errors are not persisted) */
  live: Map<string, WatchNodeStatus>
  /** told after each comparison of several nodes: true when all reachable ones agreed */
  agreement?: (agree: boolean) => void
}

type Answer = { url: string; ok: true; result: VaultResult; latencyMs: number } | { url: string; ok: false; error: AppErrorData }

async function ask(d: VaultPollDeps, url: string, epoch: string): Promise<Answer> {
  const start = performance.now()
  try {
    const result = await d.client.getVault(epoch, { rpcUrl: url, signal: d.signal })
    return { url, ok: true, result, latencyMs: Math.round(performance.now() - start) }
  } catch (error) {
    return { url, ok: false, error: toErrorData(error) }
  }
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

function recordHealth(d: VaultPollDeps, a: Answer): void {
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
    d.live.set(a.url, { url: a.url, ok: true, latencyMs: a.latencyMs, lastAnswerAt: at })
    return
  }
  node.failures += 1
  if (node.failures === 1) node.downSince = at
  d.live.set(a.url, { url: a.url, ok: false, latencyMs: null, lastAnswerAt: node.lastAnswerAt, error: a.error })
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
}

/** The top-level field names two vault answers differ in ("public_key", "addresses", …). */
function differingFields(a: VaultResult, b: VaultResult): string[] {
  const fields = diffVault(a.raw, b.raw).map((c) => /^\$(?:\[\d+\])?\.?([A-Za-z0-9_$]*)/.exec(c.path)?.[1] || '(whole result)')
  return [...new Set(fields)]
}

async function checkAgreement(d: VaultPollDeps, ref: Answer & { ok: true }, others: Answer[]): Promise<void> {
  const epoch = snapshotOf(ref.result.raw, 0).epoch
  const fields = new Set<string>()
  const nodes: string[] = []
  for (const other of others) {
    if (!other.ok) continue
    let theirs: VaultResult = other.result
    const theirEpoch = snapshotOf(theirs.raw, 0).epoch
    // Nodes are compared on the same epoch: a node a block behind on rotation is asked for ours.
    if (epoch !== null && theirEpoch !== epoch) {
      const again = await ask(d, other.url, `0x${BigInt(epoch).toString(16)}`).catch(() => null)
      if (!again?.ok) {
        fields.add('epoch')
        nodes.push(other.url)
        continue
      }
      theirs = again.result
    }
    const diff = differingFields(ref.result, theirs)
    if (diff.length > 0) {
      diff.forEach((f) => fields.add(f))
      nodes.push(other.url)
    }
  }
  d.agreement?.(nodes.length === 0)
  if (nodes.length === 0) return
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
}

function isEpochText(e: string | null): e is string {
  return e !== null && /^(0x[0-9a-fA-F]+|\d+)$/.test(e)
}

export async function pollVault(d: VaultPollDeps): Promise<boolean> {
  const answers = await Promise.all(d.rpcUrls.map((url) => ask(d, url, 'latest')))
  if (d.signal.aborted) return false
  answers.forEach((a) => recordHealth(d, a))
  const ref = answers.find((a): a is Answer & { ok: true } => a.ok)
  if (!ref) return false
  const snap = snapshotOf(ref.result.raw, d.now())
  if (answers.length > 1 && (isEpochText(snap.epoch) || snap.epoch === null)) {
    await checkAgreement(d, ref, answers.filter((a) => a !== ref))
  }
  const last = d.state.last
  if (!last) {
    d.state.last = snap
    if (d.cache) await keepSnapshot(d.cache, d.profileId, snap)
    return true
  }
  if (last.hash === snap.hash) return true
  // The same epoch told differently by a fallback node is a disagreement, not a change of the vault.
  if (ref.url !== d.rpcUrls[0] && snap.epoch !== null && snap.epoch === last.epoch) return true
  const lines = summariseVault(last.raw, snap.raw)
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
  return true
}
