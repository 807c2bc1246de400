// `transfer <hash> --verify`: the record matched to the question, then each leg checked against its own chain.
// RPCs come from the service's chain list, the active profile's own RPCs winning, and `--chain-rpc ID=URL`
// over both. Exit codes (VERIFY_EXIT_CODES): 0 only when every leg is confirmed as the service says; 1 when a
// chain (or the service's own record) contradicts the service; 3 when a leg could not be verified.
import { AppError } from '@shared/errors'
import {
  chainCheckSettings,
  differenceText,
  outcomeText,
  questionText,
  rpcWords,
  verdictOf,
  VERDICT_WORDS,
  VERIFY_EXIT_CODES,
  type TransferCheck
} from '@shared/chain-check'
import { hasCredentials, CREDENTIALS_MESSAGE, redactText } from '@shared/redact'
import { CommandChecks, type ListService } from '../main/chain'
import type { AddressPolicy, Fetch } from '../main/net'
import { keyValues } from './format'
import type { CliContext } from './io'

/** `--chain-rpc 56=https://…`, repeatable: the user's RPC per chain id. */
export function chainRpcFlags(raw: string | string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const item of typeof raw === 'string' ? [raw] : (raw ?? [])) {
    const m = /^(\d{1,20})=(https?:\/\/\S+)$/.exec(item.trim())
    if (!m)
      throw new AppError({
        kind: 'input',
        field: 'chain-rpc',
        message: `--chain-rpc takes CHAIN_ID=URL (an http(s) URL), got "${redactText(item.slice(0, 200))}"`
      })
    if (hasCredentials(m[2] as string))
      throw new AppError({
        kind: 'input',
        field: 'chain-rpc',
        message: `--chain-rpc ${redactText(m[2] as string)}: ${CREDENTIALS_MESSAGE}`
      })
    out[m[1] as string] = m[2] as string
  }
  return out
}

/** The active profile's own RPCs (none without settings or on the demo profile), the flags winning. */
function overrides(ctx: CliContext, flags: Record<string, string>): Record<string, string> {
  const profile = ctx.stored.found() ? ctx.stored.activeProfile() : null
  return { ...(profile && profile.kind !== 'demo' ? chainCheckSettings(profile).rpc : {}), ...flags }
}

export interface VerifyOptions {
  fetch?: Fetch
  timeoutMs?: number
  chainRpc: Record<string, string>
  /** where the service answers (--base-url, --tokens-url or the profile's): the RPCs its records name may lead no more privately */
  serviceUrls: readonly string[]
  /** the address policy (a test's resolver); the system's DNS unless said */
  addressPolicy?: AddressPolicy
  /** the service whose token and chain lists a check reads when it is given none (`watch … --verify`) */
  service?: ListService
}

/**
 * The command's chain checks, from src/main/chain: one checker for the whole command (its memory of deep,
 * confirmed legs saves asking again), the profile's own RPCs and --chain-rpc winning over the chain list's.
 * `transfer --verify` checks with the lists it read; `watch … --verify` hands the object to the watcher.
 */
export function commandChecks(ctx: CliContext, opts: VerifyOptions): CommandChecks {
  const { chainRpc, ...rest } = opts
  return new CommandChecks({ ...rest, rpc: overrides(ctx, chainRpc) })
}

/** The check as text: the verdict, then one block per leg, the outcome and its evidence. */
export function checkBlock(check: TransferCheck): string {
  const verdict = VERDICT_WORDS[verdictOf(check)]
  if (check.question) return `\nChecked on chain\n\n${verdict}\n${questionText(check.question)}\n`
  const legs = check.legs.map((l) =>
    keyValues([
      [`${l.role} leg`, `${l.chainName}${l.chainId === null ? '' : ` (${l.chainId})`} ${l.hash ?? '-'}`],
      ['Chain says', outcomeText(l)],
      ...(l.outcome.kind === 'disagrees' ? l.outcome.differences.map((d): [string, string] => ['Differs', differenceText(d)]) : []),
      ['RPC', rpcWords(l)]
    ])
  )
  return `\nChecked on chain\n\n${verdict}\n\n${legs.join('\n')}`
}

export function verifyExitCode(check: TransferCheck): number {
  return VERIFY_EXIT_CODES[verdictOf(check)]
}
