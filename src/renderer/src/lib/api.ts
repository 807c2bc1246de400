// The typed window.bridgescope (installed by preload in Electron, by the harness in a browser), and `call`,
// which unwraps a Result into a value or a thrown ApiError that keeps the service's message.
import type { BridgescopeApi, Channel, ChannelInput, ChannelResult } from '@shared/contract'
import { API_GLOBAL, methodName } from '@shared/api-names'
import { describeError, type AppErrorData, type Result } from '@shared/errors'

export class ApiError extends Error {
  constructor(readonly data: AppErrorData) {
    super(describeError(data))
    this.name = 'ApiError'
  }
}

export function bridge(): BridgescopeApi {
  const api = (window as unknown as Record<string, BridgescopeApi | undefined>)[API_GLOBAL]
  if (!api) throw new Error('window.bridgescope is missing: the app was opened outside Electron or the harness.')
  return api
}

type AnyFn = (input?: unknown) => Promise<Result<unknown>>
type Input<C extends Channel> = undefined extends ChannelInput<C> ? [ChannelInput<C>?] : [ChannelInput<C>]

/** Calls asked for ahead of the code that wants them, by channel and input; each is taken once. */
const early = new Map<string, { at: number; result: Promise<Result<unknown>> }>()
/** An early answer older than this is not handed out: the caller asks afresh. */
const EARLY_MS = 5000

const keyOf = (channel: Channel, input: unknown): string => `${channel} ${JSON.stringify(input ?? null)}`

/**
 * Starts a read now, for code still on its way (a view whose chunk is loading) to pick up with an identical
 * `call`: the view's data and its code then travel at the same time. Only for reads without side effects —
 * one nobody takes is simply dropped.
 */
export function prefetch<C extends Channel>(channel: C, ...input: Input<C>): void {
  const key = keyOf(channel, input[0])
  if (early.has(key)) return
  try {
    const fn = bridge()[methodName(channel)] as unknown as AnyFn
    early.set(key, { at: performance.now(), result: fn(input[0]) })
  } catch {
    // no bridge: the real call reports it
  }
}

export async function call<C extends Channel>(channel: C, ...input: Input<C>): Promise<ChannelResult<C>> {
  let pending: Promise<Result<unknown>> | null = null
  if (early.size > 0) {
    const now = performance.now()
    for (const [k, e] of early) if (now - e.at >= EARLY_MS) early.delete(k)
    const key = keyOf(channel, input[0])
    pending = early.get(key)?.result ?? null
    early.delete(key)
  }
  pending ??= (bridge()[methodName(channel)] as unknown as AnyFn)(input[0])
  const result = await pending
  if (!result.ok) throw new ApiError(result.error)
  return result.value as ChannelResult<C>
}

export function errorData(error: unknown): AppErrorData {
  if (error instanceof ApiError) return error.data
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) }
}
