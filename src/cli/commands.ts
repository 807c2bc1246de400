// Every command of the CLI, once, in the order `bridgescope --help` lists them.
import { DEFAULT_DIALECT, dialectList } from '@shared/dialects'
import type { Command } from './command-line'
import { chains, history, tokens, transfer, vault } from './query'
import { sim } from './sim'
import { tssHeights, tssOrder, tssPending, tssTx } from './tss'
import { watchTransfer, watchVault } from './watch'
import { watchTssCommand } from './watch-tss'
import { vaultMaintainers, vaultSolvency } from './keepers'

export const COMMANDS: readonly Command[] = [
  chains,
  tokens,
  history,
  transfer,
  vault,
  vaultMaintainers,
  vaultSolvency,
  sim,
  watchVault,
  watchTransfer,
  tssHeights,
  tssPending,
  tssOrder,
  tssTx,
  watchTssCommand
]

const OPTIONS_AND_EXITS = `
Options:
  --base-url URL    query service (else BRIDGESCOPE_BASE_URL, else the app's active profile)
  --rpc-url URL     JSON-RPC node (else BRIDGESCOPE_RPC_URL, else the active profile)
  --tss-url URL     TSS cross-chain API (else BRIDGESCOPE_TSS_URL, else the active profile)
  --dialect D       ${dialectList()} (else BRIDGESCOPE_DIALECT, else the active profile's, else ${DEFAULT_DIALECT})
  --tokens-url URL  Butter's tokens API (else BRIDGESCOPE_TOKENS_URL, else the active profile)
  --timeout MS      per-request timeout in milliseconds (default 15000)
  --json            the decoded payload as JSON; amounts as exact decimal text
  -h, --help        this help

Without URLs and with the demo profile active (or no settings), the built-in simulator is started.
Exit codes: 0 success, 1 the service or node failed (vault solvency: or the vault is short), 2 bad usage or
input, 3 vault solvency could not be judged (a scanner lags, a chain RPC failed).
  With --verify: 0 only when every leg is confirmed on its chain as the service says; 1 when a chain (or the
  service's own record) contradicts the service; 3 when a leg could not be verified (cannot check, pending,
  wrong chain, an RPC that broke the protocol, a record that does not say what it is).
`

/** Where the summaries start: a synopsis too long to leave two spaces before it has its summary on the next line. */
const SUMMARY_COLUMN = 43

/** `bridgescope --help`: each command's overview line, then the options every command shares. */
export function overviewText(commands: readonly Command[]): string {
  const lines = commands.flatMap((c) => {
    if (!c.overview) return []
    const { synopsis, summary } = c.overview
    const head = `  ${synopsis}`
    return [head.length <= SUMMARY_COLUMN - 2 ? `${head.padEnd(SUMMARY_COLUMN)}${summary}` : `${head}\n${' '.repeat(SUMMARY_COLUMN)}${summary}`]
  })
  return `Usage: bridgescope <command> [options]\n\nCommands:\n${lines.join('\n')}\n${OPTIONS_AND_EXITS}`
}

export const OVERVIEW = overviewText(COMMANDS)
