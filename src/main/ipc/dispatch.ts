// Validates a call against the contract and runs its handler. Whatever happens, the caller gets a
// serialisable Result: a thrown error never crosses the transport as an exception.
import type { z } from 'zod'
import { channels, type Channel } from '@shared/contract'
import { AppError, toErrorData, type AppErrorData, type Result } from '@shared/errors'
import type { HandlerContext, HandlerTable } from './handler-table'

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name)
}

/** The first zod issue as a sentence that names the field: "pageSize: Too small: expected number to be >=1". */
export function inputError(channel: string, error: z.ZodError): AppErrorData {
  const issue = error.issues[0]
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'invalid input'
  return { kind: 'input', message: `Invalid input for ${channel}: ${message}`, operation: channel, ...(field ? { field } : {}) }
}

export async function dispatch(
  table: HandlerTable,
  channel: unknown,
  rawInput: unknown,
  ctx: HandlerContext
): Promise<Result<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { kind: 'input', message: `Unknown channel: ${String(channel)}` } }
  }
  const parsed = channels[channel].input.safeParse(rawInput)
  if (!parsed.success) return { ok: false, error: inputError(channel, parsed.error) }
  try {
    const handler = table[channel] as (input: unknown, ctx: HandlerContext) => unknown
    const value = await handler(parsed.data, ctx)
    checkReplyable(value, channel)
    return { ok: true, value }
  } catch (error) {
    return { ok: false, error: toErrorData(error, error instanceof AppError ? undefined : channel) }
  }
}

/** Deeper than this, a structured clone (Electron IPC) or JSON.stringify (the harness) may overflow. */
export const MAX_REPLY_DEPTH = 200

/**
 * Proves a result can cross the transport before it is sent: no nesting past MAX_REPLY_DEPTH (a cycle
 * counts as endless nesting). Iterative, so the check itself cannot overflow; a failure becomes an error
 * reply, never a window left waiting for an answer that the transport could not carry.
 */
export function checkReplyable(value: unknown, channel: string): void {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number]
    if (typeof v !== 'object' || v === null) continue
    if (depth > MAX_REPLY_DEPTH) {
      throw new AppError({ kind: 'protocol', operation: channel, message: `the answer nests deeper than ${MAX_REPLY_DEPTH} levels (or refers to itself) and cannot be shown` })
    }
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
  }
}
