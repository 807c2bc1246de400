// How the demo network writes an answer: a JSON body with its length, or a gateway-style error.
import type { ServerResponse } from 'node:http'
import { writeJson } from './json'

const JSON_TYPE = 'application/json;charset=UTF-8'

export function send(res: ServerResponse, status: number, text: string, type = JSON_TYPE): void {
  const body = Buffer.from(text, 'utf8')
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length })
  res.end(body)
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}

/** A gateway-style error: the JSON body a Spring service or proxy would send. */
export function sendStatus(res: ServerResponse, status: number, path: string, nowMs: number): void {
  const error = REASONS[status] ?? 'Error'
  // 429 tells a polite client when to come back.
  if (status === 429) res.setHeader('Retry-After', '1')
  send(res, status, writeJson({ timestamp: new Date(nowMs).toISOString(), status, error, path }))
}

export function methodNotAllowed(res: ServerResponse, allow: string, body: string): void {
  res.setHeader('Allow', allow)
  send(res, 405, body)
}
