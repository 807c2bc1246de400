// Where the CLI's `tss …` and `watch tss` commands send their requests, and which chains they follow. The CLI
// maps its flags and variables to overrides (--tss-url, else BRIDGESCOPE_TSS_URL; --base-url, else
// BRIDGESCOPE_BASE_URL; --timeout; --chain-id); the rest is src/main's tssEndpointOf, the app's own reading of
// the active profile and the chains added for it in the app (settings.tss.chains). With no TSS API URL known the
// demo network is started in-process, as for the other commands, and stderr says so. The followed chains are
// the --chain-id values when given, else the query service's chain list plus the added chains.
import { AppError } from '@shared/errors'
import { CREDENTIALS_MESSAGE, hasCredentials, redactText } from '@shared/redact'
import { BridgeClient, TssClient } from '../main/client'
import { networkFromEnv, type Fetch } from '../main/net'
import { tssEndpointOf, tssFollowed } from '../main/services'
import type { TssFollowed } from '../main/watch'
import { startSimulator } from '../demo/index'
import { nonEmpty, type EndpointSources } from './endpoints'
import type { CliContext } from './io'

export interface TssFlags {
  tssUrl?: string
  baseUrl?: string
  timeoutMs?: number
  chainIds?: readonly string[]
}

export interface TssEndpoints {
  tssUrl: string
  timeoutMs?: number
  /** the chains to follow; throws AppError('input') when no chain id was given and no chain list can be read */
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
  const ep = tssEndpointOf({
    profile,
    addedChains: profile ? stored.settings().tss.chains : undefined,
    given: { tssUrl: flagTss ?? envTss, baseUrl: flagBase, timeoutMs: flags.timeoutMs, chainIds: flags.chainIds }
  })
  let close: (() => Promise<void>) | undefined
  let { tssUrl, chainListUrl } = ep
  if (tssUrl === null) {
    const sim = await startSimulator({ rotateEveryMs: null })
    close = () => sim.close()
    tssUrl = sim.tssUrl
    chainListUrl ??= sim.baseUrl
    warn(`note: ${profile ? `profile "${profile.name}" has no TSS API URL` : 'no settings found'}; the built-in simulator at ${redactText(sim.baseUrl)} stands in for the TSS API (no --tss-url)`)
  }
  const { timeoutMs } = ep
  const timeout = timeoutMs === undefined ? {} : { timeoutMs }
  return {
    tssUrl,
    ...timeout,
    ...(close ? { close } : {}),
    chains: (call = {}) =>
      tssFollowed(ep, () => {
        if (chainListUrl === null) {
          throw new AppError({
            kind: 'input',
            field: 'chainId',
            message: 'no chain list to follow: give --chain-id (repeatable), or a query service with --base-url or BRIDGESCOPE_BASE_URL'
          })
        }
        return new BridgeClient({ baseUrl: chainListUrl, ...timeout, ...(fetch ? { fetch } : {}) }).queryChainList(call)
      })
  }
}

/**
 * Runs `work` with a client of the TSS API the flags, the variables or the profile name (else the demo
 * network), every request of it — the chain list too — going the CLI's way to the network (HTTP_PROXY,
 * HTTPS_PROXY and NO_PROXY; loopback direct); all of it closed when `work` is done, so the process exits.
 */
export async function withTssClient<T>(
  ctx: CliContext,
  given: { 'tss-url'?: string | undefined; 'base-url'?: string | undefined; timeoutMs?: number | undefined; chainIds?: readonly string[] | undefined },
  work: (client: TssClient, ep: TssEndpoints, fetch: Fetch) => Promise<T>
): Promise<T> {
  const flags: TssFlags = {
    ...(given['tss-url'] ? { tssUrl: given['tss-url'] } : {}),
    ...(given['base-url'] ? { baseUrl: given['base-url'] } : {}),
    ...(given.timeoutMs ? { timeoutMs: given.timeoutMs } : {}),
    ...(given.chainIds?.length ? { chainIds: given.chainIds } : {})
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
