// How `vault maintainers` and `vault solvency` read in a terminal: one row per maintainer, one row per chain
// and token, and below each table what could not be read, said once.
import { durationText } from '@shared/format'
import type {
  ChainSolvency,
  KeepersReport,
  MaintainerRow,
  SolvencyReport,
  TokenSolvency,
  Verdict
} from '@shared/keepers'
import { keyValues, table } from './format'

const NONE = '-'

function worstLag(m: MaintainerRow): string {
  if (m.node?.reachable !== true) return NONE
  const lags = m.node.scanners.filter((s) => s.lag !== null)
  if (lags.length === 0) return NONE
  const worst = lags.reduce((a, b) => ((b.lag ?? 0) > (a.lag ?? 0) ? b : a))
  return `${worst.chain} ${worst.lag}`
}

function nodeWord(m: MaintainerRow): string {
  if (m.node === null) return 'not asked'
  if (!m.node.reachable) return 'down'
  return m.node.errors.length > 0
    ? `up, ${m.node.errors.length} error${m.node.errors.length === 1 ? '' : 's'}`
    : 'up'
}

export function keepersText(r: KeepersReport, nowMs: number): string {
  const block = (b: string): string => (b === '0' ? NONE : b)
  const head = keyValues([
    ['Epoch', r.epoch],
    [
      'Blocks',
      `elected ${block(r.epochInfo.electedBlock)}, start ${block(r.epochInfo.startBlock)}, end ${block(r.epochInfo.endBlock)}, migrated ${block(r.epochInfo.migratedBlock)}`
    ],
    ['TSS', r.tssStatusName === null ? 'could not be read' : `${r.tssStatusName} (${r.tssStatus})`],
    ['Maintainers', String(r.maintainers.length)]
  ])
  const rows = r.maintainers.map((m) => [
    m.address,
    m.statusName,
    m.lastHeartbeatTime === null ? 'never' : `${durationText(nowMs / 1000 - m.lastHeartbeatTime)} ago`,
    m.lastActiveEpoch,
    m.slashPoints ?? NONE,
    nodeWord(m),
    m.node?.reachable ? String(m.node.peerCount ?? NONE) : NONE,
    worstLag(m),
    m.p2pAddress || NONE
  ])
  const body = table(
    ['Maintainer', 'Status', 'Heartbeat', 'Last epoch', 'Slash', 'Node', 'Peers', 'Worst lag', 'P2P address'],
    rows,
    new Set([3, 4, 6])
  )
  const notes = [
    ...r.maintainers.flatMap((m) =>
      m.node === null
        ? []
        : !m.node.reachable
          ? [`${m.address}: node not reached: ${m.node.reason}`]
          : m.node.errors.map((e) => `${m.address}: ${e}`)
    ),
    ...r.problems.map((p) => `not read: ${p}`)
  ]
  return `${head}\n${body}${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`
}

export function verdictText(v: Verdict): string {
  switch (v.kind) {
    case 'ok':
      return 'ok'
    case 'short':
      return `SHORT (${v.pct} %)`
    case 'cannot-judge-yet':
      return `cannot judge yet (scanner ${v.lagBlocks} blocks behind)`
    case 'cannot-check-here':
      return 'cannot check here'
  }
}

function tokenRow(c: ChainSolvency, t: TokenSolvency): string[] {
  return [
    `${c.chainName ?? 'chain'} (${c.chainId})`,
    t.native ? 'native' : t.token,
    t.booked,
    t.onChain ?? NONE,
    t.pendingOut,
    t.gap ?? NONE,
    t.gapPct === null ? NONE : `${t.gapPct} %`,
    verdictText(t.verdict)
  ]
}

function chainNote(c: ChainSolvency): string {
  const where =
    c.problem ??
    (c.block
      ? `${c.block.tag === 'finalized' ? 'finalized' : `head − ${c.block.depth}`} block ${c.block.number} from ${c.rpc ?? NONE}`
      : NONE)
  const lag = c.scannerLag
    ? `; books trail the chain by ${c.scannerLag.blocks} blocks (${c.scannerLag.nodes} nodes reporting)`
    : '; no node reported its scanner'
  return `${c.chainName ?? 'chain'} (${c.chainId}), router ${c.router}: ${where}${lag}`
}

export function solvencyText(r: SolvencyReport): string {
  const parts = r.vaults.map((v) => {
    const rows = v.chains.flatMap((c) => c.tokens.map((t) => tokenRow(c, t)))
    const head = `Vault ${v.pubkey.length > 24 ? `${v.pubkey.slice(0, 20)}…${v.pubkey.slice(-6)}` : v.pubkey}, ${v.members.length} members\n`
    const body = table(
      ['Chain', 'Token', 'Booked', 'On chain', 'Pending out', 'Gap', 'Gap %', 'Verdict'],
      rows,
      new Set([2, 3, 4, 5, 6])
    )
    return `${head}${body}${v.chains.map(chainNote).join('\n')}\n`
  })
  const foot = [
    `Threshold ${r.thresholdPct} %; books lagging more than ${r.maxScannerLag} blocks are not judged; pending payouts never offset a gap.`,
    ...r.problems.map((p) => `not read: ${p}`)
  ]
  return `${parts.join('\n')}${parts.length === 0 ? 'No vault is listed by getPublicKeys.\n' : ''}${foot.join('\n')}\n`
}
