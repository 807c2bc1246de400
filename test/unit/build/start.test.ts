// `npm start` (scripts/start.js) opens the app on every machine. Where Electron's binary is absent
// and its installer fails or hangs, the script explains why in one paragraph and serves the same app
// through the browser harness; these tests run the script for real against a fake electron package.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGTERM')
})

function fakeElectron(installer: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bs-fake-electron-'))
  writeFileSync(join(dir, 'install.js'), installer)
  return dir
}

/** Runs npm start's script until it prints the harness URL; resolves with that URL and all it wrote. */
function start(electronDir: string, timeoutMs = '60000'): Promise<{ url: string; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bs-start-data-'))
  const child = spawn(process.execPath, ['scripts/start.js', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, BRIDGESCOPE_ELECTRON_DIR: electronDir, BRIDGESCOPE_ELECTRON_INSTALL_TIMEOUT_MS: timeoutMs },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      output += chunk.toString()
      const m = /Bridgescope in your browser: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)
      if (m?.[1]) resolve({ url: m[1], output })
    }
    child.stdout.on('data', look)
    child.stderr.on('data', look)
    child.on('exit', (code) => reject(new Error(`start.js exited with ${code} before serving:\n${output}`)))
  })
}

describe('npm start without Electron binary', () => {
  it('a failing installer leads to one paragraph (why, proxy/ELECTRON_MIRROR) and the app served in the browser', async () => {
    const dir = fakeElectron("console.error('RequestError: getaddrinfo ENOTFOUND github.com'); process.exit(1)\n")
    const { url, output } = await start(dir)
    expect(output).toContain('ENOTFOUND github.com')
    expect(output).toMatch(/ELECTRON_MIRROR/)
    expect(output).toMatch(/proxy/i)
    expect(output).toMatch(/same app in your browser/)
    expect(output).not.toMatch(/Electron uninstall/)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('/__harness/bridge.js')
  })

  it('an installer that never answers is given up after the timeout, and the app is still served', async () => {
    const dir = fakeElectron('setInterval(() => {}, 1000)\n')
    const { url, output } = await start(dir, '500')
    expect(output).toMatch(/no answer within/)
    expect((await fetch(url)).status).toBe(200)
  })
})
