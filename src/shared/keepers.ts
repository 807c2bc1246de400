// The vault's keepers as the relay chain and their own nodes tell it: who keeps the vault (Maintainers and
// TSSManager), how their compass-tss nodes are (the health server), and whether the vault holds what its
// books say (ViewController.getVault against each chain's own balance). Result shapes and their schemas,
// shared by the CLI, the IPC contract and the renderer; the verdict rules, pure, live in ./keepers-verdict.ts.
import { z } from 'zod'

/**
 * A maintainer's status as the Maintainers contract stores it (a uint8), named as compass-tss names it:
 * mapprotocol/compass-tss@e2cf2fa35e9be121ef9cadc883666f4cd8eb52ac:constants/addr.go (NodeStatus).
 */
export const MAINTAINER_STATUS: readonly string[] = [
  'unknown',
  'whitelisted',
  'standby',
  'ready',
  'active',
  'disabled'
]
/** TSSManager.getTSSStatus(epoch): compass-tss@e2cf2fa…:constants/constants.go (TssStatus). */
export const TSS_STATUS: readonly string[] = ['unknown', 'pending', 'consensus', 'completed', 'failed']

export function statusName(names: readonly string[], code: number): string {
  return names[code] ?? `status ${code}`
}

/** Mainnet's contracts on the relay chain: compass-tss@e2cf2fa…:config/default.yaml (bifrost.mapo), the
 * same in mapprotocol/docs@ef699af5d6b999bc96260a6ce0408b88028b280f:network/v2-contracts.md. */
export const MAINNET_KEEPER_CONTRACTS = {
  maintainers: '0xBfb6B7d0d5Fc120703F7B57CC18157d79a50a7e5',
  tssManager: '0xf3Fa35B6e3753cFe88Da86c71B2283F75EB64BE9',
  viewController: '0x8c98bA0a11Cbb0DB3C52e4CD91B0844B39BC1F11'
} as const

/**
 * The health server's port: the code's `info_address: 0.0.0.0:6040` (compass-tss@e2cf2fa…:config/default.yaml,
 * tss), which health.go itself dials on peers and MAP's monitor polls (mapprotocol/monitor@9eafe51…:
 * pkg/monitor/monitor.go). The operators' page (docs@ef699af…:compass-tss/requirements.md) lists 8080/9090
 * instead, which no code listens on.
 */
export const DEFAULT_HEALTH_PORT = 6040
/** A vault short by more than this per cent of what it owes is short (the operator sets another). */
export const DEFAULT_THRESHOLD_PCT = '1'
/**
 * Blocks a chain's books may trail the chain before the books are not judged. MAP's monitor leaves its
 * `scannerGap` to each deployment's config; this is ours.
 */
export const DEFAULT_MAX_SCANNER_LAG = 10

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address of 20 bytes')
const units = z.string().regex(/^-?\d+$/, 'whole units as decimal text')
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal text')

export const keeperContractsSchema = z.object({
  maintainers: address,
  tssManager: address,
  viewController: address
})
export type KeeperContracts = z.infer<typeof keeperContractsSchema>

export const scannerLagSchema = z.object({
  /** the chain as compass-tss names it ("Eth", "Bsc", "Map") */
  chain: z.string(),
  chainHeight: z.number().int().nullable(),
  scannerHeight: z.number().int().nullable(),
  /** blocks behind, null where the node could not read a height (its -1) */
  lag: z.number().int().nullable()
})
export type ScannerLag = z.infer<typeof scannerLagSchema>

export const nodeHealthSchema = z.discriminatedUnion('reachable', [
  z.object({
    reachable: z.literal(true),
    url: z.string(),
    p2pId: z.string().nullable(),
    peerCount: z.number().int().nullable(),
    relayHeight: z.number().int().nullable(),
    /** the node's own errors from /status/p2p, and what of its answers could not be read */
    errors: z.array(z.string()),
    scanners: z.array(scannerLagSchema)
  }),
  z.object({ reachable: z.literal(false), url: z.string().nullable(), reason: z.string() })
])
export type NodeHealth = z.infer<typeof nodeHealthSchema>

export const maintainerRowSchema = z.object({
  address,
  status: z.number().int(),
  statusName: z.string(),
  /** unix seconds, null when never */
  lastHeartbeatTime: z.number().int().nullable(),
  lastActiveEpoch: units,
  p2pAddress: z.string(),
  /** this epoch's slash points, null when TSSManager could not be read */
  slashPoints: units.nullable(),
  /** the same maintainer's points at the app's previous read of this epoch, when there was one */
  slashPointsBefore: units.nullable().optional(),
  node: nodeHealthSchema.nullable()
})
export type MaintainerRow = z.infer<typeof maintainerRowSchema>

export const keepersReportSchema = z.object({
  relayRpc: z.string(),
  contracts: keeperContractsSchema,
  epoch: units,
  epochInfo: z.object({ electedBlock: units, startBlock: units, endBlock: units, migratedBlock: units }),
  tssStatus: z.number().int().nullable(),
  tssStatusName: z.string().nullable(),
  maintainers: z.array(maintainerRowSchema),
  /** what could not be read, each said once (a contract call, the health servers not asked) */
  problems: z.array(z.string()),
  readAt: z.number().int()
})
export type KeepersReport = z.infer<typeof keepersReportSchema>

export const verdictSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok') }),
  z.object({ kind: z.literal('short'), pct: decimalText }),
  z.object({ kind: z.literal('cannot-judge-yet'), lagBlocks: z.number().int(), reason: z.string() }),
  z.object({ kind: z.literal('cannot-check-here'), reason: z.string() })
])
export type Verdict = z.infer<typeof verdictSchema>

export const tokenSolvencySchema = z.object({
  /** the token as getVault names it (hex bytes); native when empty or the zero address */
  token: z.string(),
  native: z.boolean(),
  /** MAP's books, in token units (exact decimal text): balance, and payouts owed but not sent */
  booked: decimalText,
  pendingOut: decimalText,
  bookedDecimals: z.number().int(),
  /** the chain's own word at `block`, in token units; null when not read */
  onChain: decimalText.nullable(),
  chainDecimals: z.number().int().nullable(),
  /** on chain minus booked (pending payouts never offset it), and that as a per cent of booked */
  gap: decimalText.nullable(),
  gapPct: decimalText.nullable(),
  verdict: verdictSchema
})
export type TokenSolvency = z.infer<typeof tokenSolvencySchema>

export const chainSolvencySchema = z.object({
  chainId: units,
  chainName: z.string().nullable(),
  router: z.string(),
  /** whose RPC was asked, and which block counted (finalized, or head minus a depth when not served) */
  rpc: z.string().nullable(),
  block: z
    .object({ number: units, tag: z.enum(['finalized', 'head-minus-depth']), depth: z.number().int() })
    .nullable(),
  /** the books' lag: the scanner lag two thirds of the reporting nodes are within; null when none reported */
  scannerLag: z.object({ blocks: z.number().int(), nodes: z.number().int() }).nullable(),
  tokens: z.array(tokenSolvencySchema),
  /** why nothing on this chain could be read (no RPC, not an EVM chain, the node failed) */
  problem: z.string().nullable()
})
export type ChainSolvency = z.infer<typeof chainSolvencySchema>

export const solvencyReportSchema = z.object({
  relayRpc: z.string(),
  viewController: address,
  thresholdPct: decimalText,
  maxScannerLag: z.number().int(),
  vaults: z.array(
    z.object({ pubkey: z.string(), members: z.array(address), chains: z.array(chainSolvencySchema) })
  ),
  problems: z.array(z.string()),
  readAt: z.number().int()
})
export type SolvencyReport = z.infer<typeof solvencyReportSchema>

/** The report's overall word: short beats unjudged beats ok; a chain no RPC here can read leaves it ok. */
export function solvencyOutcome(report: SolvencyReport): 'ok' | 'short' | 'unjudged' {
  const verdicts = report.vaults.flatMap((v) => v.chains.flatMap((c) => c.tokens.map((t) => t.verdict.kind)))
  if (verdicts.includes('short')) return 'short'
  // a chain whose RPC was asked and failed could not be judged; one with no RPC at all is said, not counted
  const failed = report.vaults.some((v) => v.chains.some((c) => c.problem !== null && c.rpc !== null))
  if (
    failed ||
    verdicts.includes('cannot-judge-yet') ||
    report.problems.length > 0 ||
    report.vaults.length === 0
  )
    return 'unjudged'
  return 'ok'
}

/** A profile's keeper settings, each absent field mainnet's contract, the code's port or the 1 % default. */
export function keeperSettings(
  profile: {
    keepers?:
      | {
          maintainers?: string | undefined
          tssManager?: string | undefined
          viewController?: string | undefined
          healthPort?: number | undefined
          thresholdPct?: string | undefined
        }
      | undefined
  } | null
): KeeperContracts & { healthPort: number; thresholdPct: string } {
  const k = profile?.keepers
  return {
    maintainers: k?.maintainers ?? MAINNET_KEEPER_CONTRACTS.maintainers,
    tssManager: k?.tssManager ?? MAINNET_KEEPER_CONTRACTS.tssManager,
    viewController: k?.viewController ?? MAINNET_KEEPER_CONTRACTS.viewController,
    healthPort: k?.healthPort ?? DEFAULT_HEALTH_PORT,
    thresholdPct: k?.thresholdPct ?? DEFAULT_THRESHOLD_PCT
  }
}
