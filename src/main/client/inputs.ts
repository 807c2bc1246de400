// What every client checks before it sends anything: an input a schema refuses costs no request and comes back
// as AppError('input') naming the field; the page sizes every dialect starts from.
import type { z } from 'zod'
import { AppError } from '@shared/errors'

export const DEFAULT_PAGE_SIZE = 10
export const DEFAULT_MAX_PAGE_SIZE = 100

/** Validates one input with a zod schema; the failure names the field and carries zod's message. */
export function checkInput<T>(schema: z.ZodType<T>, value: unknown, field: string, operation?: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const reason = r.error.issues[0]?.message ?? 'invalid'
  return failInput(field, reason, operation)
}

function failInput(field: string, reason: string, operation?: string): never {
  throw new AppError({ kind: 'input', field, message: `${field}: ${reason}`, ...(operation ? { operation } : {}) })
}
