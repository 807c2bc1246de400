// `vault maintainers` and `vault solvency`: who keeps the vault and whether it holds what it owes, from the
// relay chain node (--rpc-url as every command), the maintainers' own health servers, and each chain's RPC.
// Contracts: the flags, else the active profile's, else mainnet's. Exit codes: 0 read (solvency: ok), 1 the
// vault is short or the relay node failed, 2 bad usage or input, 3 solvency could not be judged (a scanner
// lags, a chain's RPC failed, a vault's books could not be read).
import { AppError } from '@shared/errors'
import { addressSchema } from '@shared/schemas/settings'
import { DEFAULT_MAX_SCANNER_LAG, keeperSettings, solvencyOutcome, type KeepersReport } from '@shared/keepers'
import { thresholdPct } from '@shared/keepers-verdict'
import { chainCheckSettings } from '@shared/chain-check'
import { demoChainRpc } from '@shared/demo-network'
import { readKeepers, readSolvencyRound, reachableScanners } from '../main/keepers'
import type { HttpOptions } from '../main/client'
import type { Fetch } from '../main/net'
import { callOptions, ENDPOINT_OPTIONS, wholeNumber, withClient, type EndpointValues } from './bridge-client'
import { command, type Grammar } from './command-line'
import { jsonText } from './format'
import type { CliContext } from './io'
import { keepersText, solvencyText } from './keepers-format'
import { chainRpcFlags } from './verify'

/** The exit code of a solvency round that could not be judged: not short, not ok. */
export const EXIT_UNJUDGED = 3

export const KEEPERS_USAGE = `usage: bridgescope vault maintainers [options]    the epoch's maintainers, their records, slash points and nodes
       bridgescope vault solvency [options]       each vault's books against each chain's finalized balance
Options: --rpc-url URL (the relay chain node), --maintainers ADDR, --tss-manager ADDR, --view-controller ADDR
         (else the active profile's, else mainnet's), --health-port N (the maintainers' health servers, default
         6040), --no-health (do not ask them), --timeout MS, --json;
         solvency also: --chain-rpc ID=URL (repeatable), --threshold PCT (default 1), --max-lag BLOCKS (default 10).
Exit codes: 0 read (solvency: ok), 1 the vault is short or the node failed, 2 bad usage or input,
            3 solvency could not be judged (a scanner lags, a chain RPC failed).
`

/** `vault maintainers|solvency`: parseArgs' own words; `vault [epoch]` alone stays the one-word command. */
const KEEPERS: Grammar = {
  word: 'vault',
  help: KEEPERS_USAGE,
  strict: true,
  helpOnError: false,
  unknownCommand: (word) => `unknown vault command "${word ?? ''}"`,
  notTaken: (cmd, name) => `${cmd} does not take --${name}`,
  argumentCount: (cmd) => `${cmd} takes no argument`
}

const COMMON = {
  'rpc-url': ENDPOINT_OPTIONS['rpc-url'],
  timeout: ENDPOINT_OPTIONS.timeout,
  maintainers: { type: 'string' },
  'tss-manager': { type: 'string' },
  'view-controller': { type: 'string' },
  'health-port': { type: 'string' },
  'no-health': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const

export interface KeeperFlags extends EndpointValues {
  maintainers?: string
  'tss-manager'?: string
  'view-controller'?: string
  'health-port'?: string
  'no-health'?: boolean
}

function addressFlag(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined) return undefined
  const r = addressSchema.safeParse(raw)
  if (!r.success)
    throw new AppError({
      kind: 'input',
      field: name,
      message: `--${name} takes a 0x address of 40 hex digits, got "${raw.slice(0, 60)}"`
    })
  return r.data
}

/** The keeper contracts, the health port and the threshold: the flags, else the active profile's, else mainnet's. */
export function keeperFlagSettings(ctx: CliContext, values: KeeperFlags) {
  const profile = ctx.stored.found() ? ctx.stored.activeProfile() : null
  const stored = keeperSettings(profile && profile.kind !== 'demo' ? profile : null)
  const port = wholeNumber(values['health-port'], 'health-port', 1, 65_535)
  return {
    profile,
    contracts: {
      maintainers: addressFlag(values.maintainers, 'maintainers') ?? stored.maintainers,
      tssManager: addressFlag(values['tss-manager'], 'tss-manager') ?? stored.tssManager,
      viewController: addressFlag(values['view-controller'], 'view-controller') ?? stored.viewController
    },
    healthPort: values['no-health'] ? null : (port ?? stored.healthPort),
    thresholdPct: stored.thresholdPct
  }
}

/** The relay reads' HTTP options: the command's signal, the process's network, the resolved timeout. */
function relayHttp(ctx: CliContext, fetch: Fetch, timeoutMs: number | undefined): HttpOptions {
  return { ...callOptions(ctx), fetch, ...(timeoutMs ? { timeoutMs } : {}) }
}

function keepersOf(
  ctx: CliContext,
  values: KeeperFlags,
  url: string,
  http: HttpOptions
): Promise<KeepersReport> {
  const s = keeperFlagSettings(ctx, values)
  return readKeepers({ relayRpc: url, contracts: s.contracts, healthPort: s.healthPort, http })
}

export const vaultMaintainers = command({
  grammar: KEEPERS,
  name: ['vault', 'maintainers'],
  options: COMMON,
  arguments: [0, 0],
  overview: {
    synopsis: 'vault maintainers',
    summary: "the vault's keepers: records, slash points, their nodes"
  },
  help: KEEPERS_USAGE,
  run: async (ctx, { values }) => {
    const report = await withClient(
      ctx,
      values,
      (_c, ep, fetch) => keepersOf(ctx, values, ep.rpcUrls[0] ?? '', relayHttp(ctx, fetch, ep.timeoutMs)),
      'rpc'
    )
    ctx.print(values.json ? jsonText(report) : keepersText(report, Date.now()))
  }
})

export const vaultSolvency = command({
  grammar: KEEPERS,
  name: ['vault', 'solvency'],
  options: {
    ...COMMON,
    'chain-rpc': { type: 'string', multiple: true },
    threshold: { type: 'string' },
    'max-lag': { type: 'string' }
  },
  arguments: [0, 0],
  overview: {
    synopsis: 'vault solvency [--chain-rpc ID=URL]',
    summary: "each vault's books against the chains' balances"
  },
  help: KEEPERS_USAGE,
  run: async (ctx, { values }) => {
    const s = keeperFlagSettings(ctx, values)
    const threshold = values.threshold === undefined ? s.thresholdPct : thresholdPct(values.threshold)
    const maxLag = wholeNumber(values['max-lag'], 'max-lag', 0) ?? DEFAULT_MAX_SCANNER_LAG
    const flags = chainRpcFlags(values['chain-rpc'])
    const chainRpc = {
      ...(s.profile && s.profile.kind !== 'demo' ? chainCheckSettings(s.profile).rpc : {}),
      ...flags
    }
    const report = await withClient(
      ctx,
      values,
      async (_c, ep, fetch) => {
        const url = ep.rpcUrls[0] ?? ''
        // the demo network stands in: its chains answer for its vault's routers
        const rpcs = ep.close === undefined ? chainRpc : { ...demoChainRpc(ep.baseUrl), ...chainRpc }
        const http = relayHttp(ctx, fetch, ep.timeoutMs)
        const { keepers, solvency } = await readSolvencyRound({
          relayRpc: url,
          contracts: s.contracts,
          healthPort: s.healthPort,
          http,
          solvency: { chainRpc: rpcs, thresholdPct: threshold, maxScannerLag: maxLag }
        })
        const scanners = reachableScanners(keepers)
        if (keepers === null)
          ctx.warn('note: --no-health: no scanner was asked, so a lagging chain cannot be told apart')
        else if (scanners.length === 0)
          ctx.warn("note: no maintainer node answered: the scanners' lag is unknown")
        return solvency
      },
      'rpc'
    )
    ctx.print(values.json ? jsonText(report) : solvencyText(report))
    const outcome = solvencyOutcome(report)
    return outcome === 'short' ? 1 : outcome === 'unjudged' ? EXIT_UNJUDGED : 0
  }
})
