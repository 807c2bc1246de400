// A second start of the browser shell (npm run web; npm start falls back to the same code) meets a port that
// is taken. It never dies on EADDRINUSE: a Bridgescope already serving the same data folder is named with its
// working address, anything else holding the port makes this start serve on a free one and say so. Each test
// runs the real script against a real listener on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LAUNCH_FILE } from '../../../src/web/launch'

const children: ChildProcess[] = []
const servers: Server[] = []
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM')
  await Promise.all(servers.splice(0).map((s) => new Promise((ok) => s.close(ok))))
})

const folder = (): string => mkdtempSync(join(tmpdir(), 'bs-launch-'))

interface Run {
  child: ChildProcess
  output: () => string
  /** resolves with the address the shell prints, or rejects with all it wrote if it exits first */
  served: Promise<string>
  exited: Promise<number | null>
}

function web(port: number, dataDir: string): Run {
  const child = spawn(process.execPath, ['scripts/web.js', '--port', String(port), '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)))
  const served = new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      output += chunk.toString()
      const m = /Bridgescope in your browser: (http:\/\/127\.0\.0\.1:\d+\/\?key=[\w-]+)/.exec(output)
      if (m?.[1]) resolve(m[1])
    }
    child.stdout?.on('data', look)
    child.stderr?.on('data', look)
    void exited.then((code) => reject(new Error(`web.js exited with ${code} before serving:\n${output}`)))
  })
  served.catch(() => undefined) // a start that is expected to end reads `exited` instead
  return { child, output: () => output, served, exited }
}

/** Another program on a free port of 127.0.0.1, answering every request with its own text. */
async function otherProgram(): Promise<number> {
  const server = createServer((_req, res) => res.end('not bridgescope'))
  servers.push(server)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

/** A call with the address's key: 200 only from the shell that printed it. */
async function callWorks(url: string): Promise<boolean> {
  const address = new URL(url)
  const res = await fetch(new URL('/__harness/ipc/app:info', address.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: address.origin, 'X-Bridgescope-Key': address.searchParams.get('key') ?? '' },
    body: JSON.stringify({ input: null })
  })
  const body = (await res.json()) as { ok?: boolean }
  return res.status === 200 && body.ok === true
}

const portOf = (url: string): number => Number(new URL(url).port)

describe('a second start', () => {
  it('finds the port taken by another program: serves on a free port, says so, and leaves that program alone', async () => {
    const taken = await otherProgram()
    const run = web(taken, folder())
    const url = await run.served
    expect(portOf(url)).not.toBe(taken)
    expect(run.output()).toContain(`Port ${taken} is in use by another program, so this one serves on port ${portOf(url)} instead.`)
    expect(run.output()).not.toMatch(/EADDRINUSE|at Server\.|node:net/)
    expect(await callWorks(url)).toBe(true)
    expect(await (await fetch(`http://127.0.0.1:${taken}/`)).text()).toBe('not bridgescope')
  })

  it('on the folder a running Bridgescope serves: names its working address, ends with 0, and the first keeps serving', async () => {
    const dataDir = folder()
    const first = web(0, dataDir)
    const firstUrl = await first.served
    // the address is kept for its owner only: it carries the launch's key
    expect(statSync(join(dataDir, LAUNCH_FILE)).mode & 0o077).toBe(0)
    const second = web(portOf(firstUrl), dataDir)
    expect(await second.exited).toBe(0)
    expect(second.output()).toContain(`Bridgescope is already running for this data folder (${dataDir}): open ${firstUrl}`)
    expect(second.output()).not.toMatch(/EADDRINUSE|Bridgescope in your browser/)
    // asked on another port, the folder still answers for itself: one folder is served once
    const third = web(0, dataDir)
    expect(await third.exited).toBe(0)
    expect(third.output()).toContain(`open ${firstUrl}`)
    expect(await callWorks(firstUrl)).toBe(true)
  })

  it('on the port of a Bridgescope serving another folder: serves on a free port and says whose port it is', async () => {
    const first = web(0, folder())
    const firstUrl = await first.served
    const second = web(portOf(firstUrl), folder())
    const secondUrl = await second.served
    expect(second.output()).toContain(`Port ${portOf(firstUrl)} is in use by a Bridgescope serving another data folder`)
    expect(await callWorks(secondUrl)).toBe(true)
    expect(await callWorks(firstUrl)).toBe(true)
  })

  it('is not stopped by what a stopped or crashed start left behind', async () => {
    const dataDir = folder()
    const first = web(0, dataDir)
    const firstUrl = await first.served
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(() => readFileSync(join(dataDir, LAUNCH_FILE))).toThrow() // a clean stop takes its address away
    // a crash leaves the file: its process is gone, or its address no longer answers, or it is not ours at all
    for (const left of [JSON.stringify({ url: firstUrl, pid: 2 ** 22 + 1 }), JSON.stringify({ url: firstUrl, pid: process.pid }), '{"url":', 'null']) {
      writeFileSync(join(dataDir, LAUNCH_FILE), left)
      const next = web(0, dataDir)
      expect(await callWorks(await next.served)).toBe(true)
      next.child.kill('SIGTERM')
      expect(await next.exited).toBe(0)
    }
  })
})
