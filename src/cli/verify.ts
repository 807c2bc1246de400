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
import type { ChainRecord, TokenList, TransferDetail } from '@shared/schemas/wire'
import { hasCredentials, CREDENTIALS_MESSAGE, redactText } from '@shared/redact'
import { ChainChecker, checkTransfer, type TransferQuestion } from '../main/chain'
import { AddressPolicy, serviceNamedFetch, type Fetch } from '../main/net'
import type { WatchChainCheck } from '../main/watch'
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

/** The service's lists a check is anchored on; null where one could not be read. */
export interface CheckLists {
  tokens: TokenList | null
  chains: readonly ChainRecord[] | null
}

export interface VerifyOptions {
  fetch?: Fetch
  timeoutMs?: number
  chainRpc: Record<string, string>
  /** where the service answers (--base-url, --tokens-url or the profile's): the RPCs its records name may lead no more privately */
  serviceUrls: readonly string[]
  /** the address policy (a test's resolver); the system's DNS unless said */
  addressPolicy?: AddressPolicy
}

/** A checker whose RPCs named by the service pass the address policy; the user's own (flags, profile) go as typed. */
function policedChecker(opts: VerifyOptions, rpc: Record<string, string>): ChainChecker {
  const fetch = serviceNamedFetch(opts.fetch ?? globalThis.fetch, {
    policy: opts.addressPolicy ?? new AddressPolicy(),
    service: () => Promise.resolve(opts.serviceUrls),
    userTyped: () => Object.values(rpc)
  })
  return new ChainChecker({ fetch, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) })
}

export async function verifyTransfer(
  ctx: CliContext,
  detail: TransferDetail,
  lists: CheckLists,
  opts: VerifyOptions & { asked: TransferQuestion }
): Promise<TransferCheck> {
  const rpc = overrides(ctx, opts.chainRpc)
  return checkTransfer(policedChecker(opts, rpc), detail, lists, rpc, opts.asked)
}

/** A list read once and kept; read again while it could not be read. */
function keptList<T>(read: () => Promise<T | null>): () => Promise<T | null> {
  let kept: Promise<T | null> | null = null
  return async () => {
    kept ??= read().catch(() => null)
    const got = await kept
    if (got === null) kept = null
    return got
  }
}

/**
 * `watch … --verify`: each watched transfer's detail checked on its chains by one checker for the whole
 * watch (its memory of deep, confirmed legs saves asking again), the token and chain lists read once and kept.
 */
export function watchChainCheck(
  ctx: CliContext,
  opts: VerifyOptions & {
    tokens: () => Promise<TokenList | null>
    chains: () => Promise<readonly ChainRecord[] | null>
  }
): WatchChainCheck {
  const rpc = overrides(ctx, opts.chainRpc)
  const checker = policedChecker(opts, rpc)
  const tokens = keptList(opts.tokens)
  const chains = keptList(opts.chains)
  return {
    check: async (detail) => {
      const [t, c] = await Promise.all([tokens(), chains()])
      return checkTransfer(checker, detail, { tokens: t, chains: c }, rpc)
    }
  }
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
