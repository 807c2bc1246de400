// A service on 127.0.0.1 that answers GETs from a function of the URL, and the CLI run in-process with a data
// folder of its own: what the tests of the successor dialects share.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { main } from '../../src/cli'

export interface LocalService {
  base: string
  close: () => Promise<void>
}

/** Answers each GET with `answer(url)` as JSON, or 404 when it gives undefined. */
export async function serveJson(answer: (url: URL) => string | undefined): Promise<LocalService> {
  const server = createServer((req, res) => {
    const body = req.method === 'GET' ? answer(new URL(req.url ?? '/', 'http://127.0.0.1')) : undefined
    if (body === undefined) res.writeHead(404).end()
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** The CLI with `args`, its output collected, in a data folder removed afterwards. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-cli-'))
  let out = ''
  let err = ''
  try {
    const code = await main(args, { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env: { BRIDGESCOPE_DATA_DIR: dataDir, ...env } })
    return { code, out, err }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
