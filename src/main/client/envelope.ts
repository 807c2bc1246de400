// The envelope every dialect's answers come in: {code, message, data}.
import { AppError } from '@shared/errors'
import type { JsonValue } from '@shared/schemas/vault'
import { isPlainObject } from './lossless-json'

/** The envelope {code, message, data}: code 200 → data; any other code → AppError('api') with the service's message. */
export function unwrapEnvelope(body: JsonValue, operation: string): unknown {
  if (!isPlainObject(body) || !('code' in body)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response is not the expected {code, message, data} envelope' })
  }
  const { code, message } = body
  const codeNumber = typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : NaN
  if (Number.isNaN(codeNumber)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response envelope has no numeric code' })
  }
  if (codeNumber !== 200) {
    const text = typeof message === 'string' && message.trim() !== '' ? message : 'no message'
    throw new AppError({ kind: 'api', operation, code: codeNumber, message: `the service answered code ${codeNumber}: ${text}` })
  }
  if (!('data' in body)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response envelope has code 200 but no data' })
  }
  return body.data
}
