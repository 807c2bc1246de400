// `transfer <hash> --verify`: each leg of the transfer checked against its own chain. RPCs come from the
// chain records the service sends, the active profile's own RPCs winning, and `--chain-rpc ID=URL` over both.
// Exit code 1 when the chain contradicts the service on any leg (a hash it does not know, a transaction it
// reverted, a block, sender, contract, token or amount other than the service's).
import { AppError } from '@shared/errors'
import {
  chainCheckSettings,
  contradictsService,
  outcomeText,
  type TransferCheck
} from '@shared/chain-check'
import type { TokenList, TransferDetail } from '@shared/schemas/wire'
import { hasCredentials, CREDENTIALS_MESSAGE, redactText } from '@shared/redact'
import { ChainChecker, checkTransfer } from '../main/chain'
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

export async function verifyTransfer(ctx: CliContext, detail: TransferDetail, tokens: TokenList | null, opts: VerifyOptions): Promise<TransferCheck> {
  const rpc = overrides(ctx, opts.chainRpc)
  return checkTransfer(policedChecker(opts, rpc), detail, tokens, rpc)
}

/**
 * `watch … --verify`: each watched transfer's detail checked on its chains by one checker for the whole
 * watch (its memory of deep, confirmed legs saves asking again), the token list read once and kept.
 */
export function watchChainCheck(ctx: CliContext, opts: VerifyOptions & { tokens: () => Promise<TokenList | null> }): WatchChainCheck {
  const rpc = overrides(ctx, opts.chainRpc)
  const checker = policedChecker(opts, rpc)
  let tokens: Promise<TokenList | null> | null = null
  return {
    check: async (detail) => {
      tokens ??= opts.tokens().catch(() => null)
      const list = await tokens
      if (list === null) tokens = null
      return checkTransfer(checker, detail, list, rpc)
    }
  }
}

/** The check as text: one block per leg, the outcome and its evidence. */
export function checkBlock(check: TransferCheck): string {
  const legs = check.legs.map((l) =>
    keyValues([
      [`${l.role} leg`, `${l.chainName}${l.chainId === null ? '' : ` (${l.chainId})`} ${l.hash ?? '-'}`],
      ['Chain says', outcomeText(l)],
      ['Asked', l.rpc ?? '-']
    ])
  )
  return `\nChecked on chain\n\n${legs.join('\n')}`
}

export function verifyExitCode(check: TransferCheck): number {
  return check.legs.some((l) => contradictsService(l.outcome.kind)) ? 1 : 0
}
