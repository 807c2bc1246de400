// The bridge client a command talks through: its endpoints resolved (flags, variables, the app's active
// profile, else the demo network), the proxy variables honoured, and everything closed when the command is
// done, so the process exits.
import { AppError } from '@shared/errors'
import { BridgeClient, type QueryClient } from '../main/client'
import { networkFromEnv, type Fetch } from '../main/net'
import { resolveEndpoints, type EndpointNeeds, type Endpoints } from './endpoints'
import type { CliContext } from './io'

/** A whole number from a flag, or an input error naming the flag. */
export function wholeNumber(raw: string | undefined, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new AppError({ kind: 'input', field: name, message: `--${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got "${raw}"` })
  }
  return Number(raw)
}

/** The endpoint flags as given (--rpc-url may repeat where several nodes are compared). */
export interface EndpointValues {
  'base-url'?: string
  'rpc-url'?: string | string[]
  timeout?: string
}

export const ENDPOINT_OPTIONS = {
  'base-url': { type: 'string' },
  'rpc-url': { type: 'string' },
  timeout: { type: 'string' }
} as const

/** Every request a command makes may be stopped by its signal (Ctrl-C). */
export function callOptions(ctx: CliContext): { signal?: AbortSignal } {
  return ctx.io.signal ? { signal: ctx.io.signal } : {}
}

export async function withClient<T>(
  ctx: CliContext,
  values: EndpointValues,
  run: (client: QueryClient, ep: Endpoints, fetch: Fetch) => Promise<T>,
  needs: EndpointNeeds = 'api'
): Promise<T> {
  const timeoutMs = wholeNumber(values.timeout, 'timeout', 1, 600_000)
  const rpcUrls = typeof values['rpc-url'] === 'string' ? [values['rpc-url']] : (values['rpc-url'] ?? [])
  const baseUrl = values['base-url']
  const rpcUrl = rpcUrls[rpcUrls.length - 1]
  const resolved = await resolveEndpoints(
    { ...(baseUrl ? { baseUrl } : {}), ...(rpcUrl ? { rpcUrl } : {}), ...(timeoutMs ? { timeoutMs } : {}) },
    { env: ctx.io.env, stored: ctx.stored, warn: ctx.warn },
    needs
  )
  // --rpc-url repeats: every node named is polled and compared with the others.
  const ep = rpcUrls.length > 1 ? { ...resolved, rpcUrls } : resolved
  try {
    // HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as other command-line tools honour them.
    const network = networkFromEnv(ctx.io.env)
    try {
      const client = new BridgeClient({
        baseUrl: ep.baseUrl,
        rpcUrls: ep.rpcUrls,
        ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {}),
        ...(ep.maxPageSize ? { maxPageSize: ep.maxPageSize } : {}),
        fetch: network.fetch
      })
      return await run(client, ep, network.fetch)
    } finally {
      // Also ends a connection a timed-out request left open (a proxy that never answers), so the process exits.
      await network.close()
    }
  } finally {
    await ep.close?.()
  }
}
