// Where the CLI sends its requests. Each URL comes from the first source that has it: the flag, the
// environment (BRIDGESCOPE_BASE_URL / BRIDGESCOPE_RPC_URL), then the app's active profile in
// <userDataDir>/settings.json. When the active profile is the demo network, or there are no settings, the
// simulator is started in-process, as the app itself would, and stderr says so.
import { AppError } from '@shared/errors'
import { startSimulator } from '../demo/index'
import { CREDENTIALS_MESSAGE, hasCredentials, redactText } from '@shared/redact'
import { demoProfile, type Profile } from '@shared/schemas/settings'
import { DEFAULT_DIALECT, DIALECTS, descriptorOf, type Dialect } from '@shared/dialects'
import { endpointOf, type GivenEndpoint } from '../main/services'
import type { Env, StoredSettings } from './stored-settings'

export interface EndpointFlags {
  dialect?: string
  tokensUrl?: string
  baseUrl?: string
  rpcUrl?: string
  timeoutMs?: number
}

export interface Endpoints {
  /** which service answers at baseUrl: --dialect, else BRIDGESCOPE_DIALECT, else the profile's, else mcs */
  dialect: Dialect
  baseUrl: string
  /** Butter's tokens API: --tokens-url, else BRIDGESCOPE_TOKENS_URL, else the profile's */
  tokensUrl?: string
  rpcUrls: string[]
  timeoutMs?: number
  maxPageSize?: number
  /** set when we started the demo network: close it when done */
  close?: () => Promise<void>
}

export interface EndpointSources {
  env: Env
  /** the app's settings, read when a flag or variable does not name an endpoint */
  stored: StoredSettings
  warn: (line: string) => void
}

export function nonEmpty(v: string | undefined): string | undefined {
  return v !== undefined && v.trim() !== '' ? v.trim() : undefined
}

/** Which endpoints a command talks to: the query service, the node, or both. */
export type EndpointNeeds = 'api' | 'rpc' | 'both'

/** --dialect, else BRIDGESCOPE_DIALECT, checked; undefined when neither names one */
function givenDialect(flags: EndpointFlags, env: Env): Dialect | undefined {
  const flag = nonEmpty(flags.dialect)
  const text = flag ?? nonEmpty(env.BRIDGESCOPE_DIALECT)
  if (text === undefined) return undefined
  if (!(DIALECTS as readonly string[]).includes(text)) {
    throw new AppError({ kind: 'input', field: 'dialect', message: `${flag ? '--dialect' : 'BRIDGESCOPE_DIALECT'} must be one of ${DIALECTS.join(', ')}, got "${text.slice(0, 40)}"` })
  }
  return text as Dialect
}

export async function resolveEndpoints(flags: EndpointFlags, sources: EndpointSources, needs: EndpointNeeds = 'both'): Promise<Endpoints> {
  const { env, stored, warn } = sources
  const profile = stored.found() ? stored.activeProfile() : null
  const dialect = givenDialect(flags, env)
  const tokens = nonEmpty(flags.tokensUrl) ?? nonEmpty(env.BRIDGESCOPE_TOKENS_URL) ?? nonEmpty(profile?.tokensUrl)
  if (tokens !== undefined && hasCredentials(tokens)) {
    throw new AppError({ kind: 'input', field: 'tokensUrl', message: `${nonEmpty(flags.tokensUrl) ? '--tokens-url' : 'the tokens URL'} ${redactText(tokens)}: ${CREDENTIALS_MESSAGE}` })
  }
  const base = nonEmpty(flags.baseUrl) ?? nonEmpty(env.BRIDGESCOPE_BASE_URL)
  const rpc = nonEmpty(flags.rpcUrl) ?? nonEmpty(env.BRIDGESCOPE_RPC_URL)
  // Credentials in a URL are refused with the flag or variable named, never sent or echoed: a URL ends up in
  // shell histories and logs, where a password must not.
  for (const [value, field, name] of [
    [base, 'baseUrl', nonEmpty(flags.baseUrl) ? '--base-url' : 'BRIDGESCOPE_BASE_URL'],
    [rpc, 'rpcUrl', nonEmpty(flags.rpcUrl) ? '--rpc-url' : 'BRIDGESCOPE_RPC_URL']
  ] as const) {
    if (value !== undefined && hasCredentials(value)) {
      throw new AppError({ kind: 'input', field, message: `${name} ${redactText(value)}: ${CREDENTIALS_MESSAGE}` })
    }
  }
  const given: GivenEndpoint = { dialect, baseUrl: base, tokensUrl: tokens, rpcUrls: rpc ? [rpc] : undefined, timeoutMs: flags.timeoutMs }
  return fromProfile(given, profile, needs, warn)
}

/**
 * The flags' and variables' endpoints, the rest from the active profile (src/main's endpointOf, as the app reads
 * it). Only what the command uses must be there: `chains --base-url X` needs no node, `vault --rpc-url Y` no
 * service, and a command given all it uses reads no profile for it.
 */
async function fromProfile(given: GivenEndpoint, profile: Profile | null, needs: EndpointNeeds, warn: (line: string) => void): Promise<Endpoints> {
  const missingApi = needs !== 'rpc' && given.baseUrl === undefined
  const missingRpc = needs !== 'api' && given.rpcUrls === undefined
  const timeout = given.timeoutMs === undefined ? {} : { timeoutMs: given.timeoutMs }
  if (!missingApi && !missingRpc) {
    const dialect = given.dialect ?? profile?.dialect ?? DEFAULT_DIALECT
    const tokensUrl = descriptorOf(dialect).tokensUrl ? given.tokensUrl : undefined
    return { dialect, baseUrl: given.baseUrl ?? '', rpcUrls: [...(given.rpcUrls ?? [])], ...(tokensUrl ? { tokensUrl } : {}), ...timeout }
  }
  if (profile !== null && profile.kind !== 'demo') {
    const ep = endpointOf(profile, null, given, { noBaseUrl: (name) => `profile "${name}" has no base URL: pass --base-url or set BRIDGESCOPE_BASE_URL` })
    return { dialect: ep.dialect, baseUrl: ep.baseUrl, rpcUrls: ep.rpcUrls, timeoutMs: ep.timeoutMs, maxPageSize: ep.maxPageSize, ...(ep.tokensUrl ? { tokensUrl: ep.tokensUrl } : {}) }
  }
  // No settings, or the demo profile: the simulator stands in for exactly the endpoints the command needs and was
  // not given (one node, which keeps up: a command compares the nodes it is given).
  const sim = await startSimulator({ rotateEveryMs: null })
  const standsFor = [missingApi ? 'the query service (no --base-url)' : '', missingRpc ? 'the node (no --rpc-url)' : ''].filter(Boolean).join(' and ')
  warn(
    `note: ${profile ? `profile "${profile.name}" is the demo network` : 'no settings found'}; the built-in simulator at ${redactText(sim.baseUrl)} stands in for ${standsFor}`
  )
  const ep = endpointOf(profile ?? demoProfile(), { baseUrl: sim.baseUrl, rpcUrl: sim.rpcUrl }, given)
  return {
    dialect: ep.dialect,
    baseUrl: ep.baseUrl,
    rpcUrls: ep.rpcUrls,
    timeoutMs: ep.timeoutMs,
    maxPageSize: ep.maxPageSize,
    ...(ep.tokensUrl ? { tokensUrl: ep.tokensUrl } : {}),
    close: () => sim.close()
  }
}
