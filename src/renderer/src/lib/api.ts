// The typed window.bridgescope (installed by preload in Electron, by the harness in a browser), and `call`,
// which unwraps a Result into a value or a thrown ApiError that keeps the service's message.
import { API_GLOBAL, methodName, type BridgescopeApi, type Channel, type ChannelInput, type ChannelResult } from '@shared/contract'
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

export async function call<C extends Channel>(channel: C, ...input: undefined extends ChannelInput<C> ? [ChannelInput<C>?] : [ChannelInput<C>]): Promise<ChannelResult<C>> {
  const fn = bridge()[methodName(channel)] as unknown as AnyFn
  const result = await fn(input[0])
  if (!result.ok) throw new ApiError(result.error)
  return result.value as ChannelResult<C>
}

export function errorData(error: unknown): AppErrorData {
  if (error instanceof ApiError) return error.data
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) }
}
