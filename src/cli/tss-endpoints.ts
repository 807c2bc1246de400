// Where the CLI's `tss …` and `watch tss` commands send their requests, and which chains they follow.
// The TSS API URL comes from --tss-url, else BRIDGESCOPE_TSS_URL, else the active profile's TSS API URL, else
// the demo network (started in-process, as for the other commands; stderr says so). The followed chains are
// the --chain-id values when given; else the query service's chain list (--base-url, BRIDGESCOPE_BASE_URL, the
// active profile's, or the demo network's when the TSS API is the demo's) plus the chains added by id for the
// active profile in the app (settings.tss.chains).
import { AppError } from '@shared/errors'
import { CREDENTIALS_MESSAGE, hasCredentials, redactText } from '@shared/redact'
import { BridgeClient, TssClient } from '../main/client'
import { networkFromEnv, type Fetch } from '../main/net'
import { followedTssChains, type TssFollowed } from '../main/watch'
import { startSimulator } from '../demo/index'
import { nonEmpty, type EndpointSources } from './endpoints'
import type { CliContext } from './io'

export interface TssFlags {
  tssUrl?: string
  baseUrl?: string
  timeoutMs?: number
}

export interface TssEndpoints {
  tssUrl: string
  timeoutMs?: number
  /** the chains to follow when the command was given none; throws AppError('input') when none can be known */
  chains(call?: { signal?: AbortSignal }): Promise<TssFollowed[]>
  /** set when the demo network was started: close it when done */
  close?: () => Promise<void>
}

/** `fetch` is the CLI's way to the network (the proxy variables), for the chain list as for the TSS API. */
export async function resolveTss(flags: TssFlags, { env, stored, warn }: EndpointSources, fetch?: Fetch): Promise<TssEndpoints> {
  const flagTss = nonEmpty(flags.tssUrl)
  const envTss = nonEmpty(env.BRIDGESCOPE_TSS_URL)
  const flagBase = nonEmpty(flags.baseUrl) ?? nonEmpty(env.BRIDGESCOPE_BASE_URL)
  for (const [value, name] of [
    [flagTss ?? envTss, flagTss ? '--tss-url' : 'BRIDGESCOPE_TSS_URL'],
    [flagBase, nonEmpty(flags.baseUrl) ? '--base-url' : 'BRIDGESCOPE_BASE_URL']
  ] as const) {
    if (value !== undefined && hasCredentials(value)) {
      throw new AppError({ kind: 'input', field: name === '--tss-url' || name === 'BRIDGESCOPE_TSS_URL' ? 'tssUrl' : 'baseUrl', message: `${name} ${redactText(value)}: ${CREDENTIALS_MESSAGE}` })
    }
  }
  const profile = stored.found() ? stored.activeProfile() : null
  const profileTss = profile && profile.kind !== 'demo' ? nonEmpty(profile.tssUrl) : undefined
  const given = flagTss ?? envTss ?? profileTss
  const added = profile ? (stored.settings().tss.chains[profile.id] ?? []) : []
  const timeout = flags.timeoutMs ?? (profile && profile.kind !== 'demo' ? profile.timeoutMs : undefined)

  let baseUrl = flagBase ?? (profile && profile.kind !== 'demo' ? nonEmpty(profile.baseUrl) : undefined)
  let close: (() => Promise<void>) | undefined
  let tssUrl = given
  if (tssUrl === undefined) {
    const sim = await startSimulator({ rotateEveryMs: null })
    close = () => sim.close()
    tssUrl = sim.tssUrl
    baseUrl ??= sim.baseUrl
    warn(`note: ${profile ? `profile "${profile.name}" has no TSS API URL` : 'no settings found'}; the built-in simulator at ${redactText(sim.baseUrl)} stands in for the TSS API (no --tss-url)`)
  }
  const chainListUrl = baseUrl
  return {
    tssUrl,
    ...(timeout === undefined ? {} : { timeoutMs: timeout }),
    ...(close ? { close } : {}),
    chains: async (call = {}) => {
      if (chainListUrl === undefined) {
        throw new AppError({
          kind: 'input',
          field: 'chainId',
          message: 'no chain list to follow: give --chain-id (repeatable), or a query service with --base-url or BRIDGESCOPE_BASE_URL'
        })
      }
      const list = await new BridgeClient({ baseUrl: chainListUrl, ...(timeout === undefined ? {} : { timeoutMs: timeout }), ...(fetch ? { fetch } : {}) }).queryChainList(call)
      return followedTssChains(list, added)
    }
  }
}

/**
 * Runs `work` with a client of the TSS API the flags, the variables or the profile name (else the demo
 * network), every request of it — the chain list too — going the CLI's way to the network (HTTP_PROXY,
 * HTTPS_PROXY and NO_PROXY; loopback direct); all of it closed when `work` is done, so the process exits.
 */
export async function withTssClient<T>(
  ctx: CliContext,
  given: { 'tss-url'?: string | undefined; 'base-url'?: string | undefined; timeoutMs?: number | undefined },
  work: (client: TssClient, ep: TssEndpoints, fetch: Fetch) => Promise<T>
): Promise<T> {
  const flags: TssFlags = {
    ...(given['tss-url'] ? { tssUrl: given['tss-url'] } : {}),
    ...(given['base-url'] ? { baseUrl: given['base-url'] } : {}),
    ...(given.timeoutMs ? { timeoutMs: given.timeoutMs } : {})
  }
  const network = networkFromEnv(ctx.io.env)
  try {
    const ep = await resolveTss(flags, { env: ctx.io.env, stored: ctx.stored, warn: ctx.warn }, network.fetch)
    try {
      return await work(new TssClient({ url: ep.tssUrl, ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {}), fetch: network.fetch }), ep, network.fetch)
    } finally {
      await ep.close?.()
    }
  } finally {
    await network.close()
  }
}
