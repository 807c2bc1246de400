// Content types of the built renderer's files, for the two servers of it: app:// in Electron, the harness.
import { extname } from 'node:path'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2'
}

export function contentType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
}
