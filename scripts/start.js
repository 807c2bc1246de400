#!/usr/bin/env node
// npm start [-- --port N --data-dir DIR]: build, then open the desktop app. When Electron's binary is
// missing (electron ≥ 22 downloads it lazily, and a closed network or a proxy stops that), run Electron's
// own installer once; if that fails too, open the same app in the browser through the harness
// (scripts/web.js) instead of stopping with electron-vite's "Error: Electron uninstall".
//
// BRIDGESCOPE_ELECTRON_DIR (the electron package folder) and BRIDGESCOPE_ELECTRON_INSTALL_TIMEOUT_MS exist
// so the fallback can be tested with a fake package; users never need them.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureBuild, root } from './ensure-build.js'

const electronDir = process.env.BRIDGESCOPE_ELECTRON_DIR ?? join(root, 'node_modules', 'electron')
const installTimeoutMs = Number(process.env.BRIDGESCOPE_ELECTRON_INSTALL_TIMEOUT_MS ?? 180_000)

/** The executable electron's own index.js would run, or null when it is not on disk. */
function electronBinary(dir = electronDir) {
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const relative = readFileSync(pathFile, 'utf8').trim()
  const full = process.env.ELECTRON_OVERRIDE_DIST_PATH ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative) : join(dir, 'dist', relative)
  return existsSync(full) ? full : null
}

function runInstaller() {
  process.stderr.write("Electron's binary is not installed yet: downloading it (node node_modules/electron/install.js)…\n")
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: ['ignore', 'inherit', 'pipe'], timeout: installTimeoutMs, encoding: 'utf8' })
  if (result.status === 0) return { ok: true }
  const why = result.error?.code === 'ETIMEDOUT' ? `no answer within ${Math.round(installTimeoutMs / 1000)} s` : firstLine(result.stderr) || `the installer exited with ${result.status ?? result.signal}`
  return { ok: false, why }
}

function firstLine(text) {
  return (text ?? '').split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? ''
}

function openDesktop(binary) {
  const child = spawn(binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

async function openInBrowser(why) {
  process.stderr.write(
    [
      '',
      `Could not download Electron's binary (${why}), so the desktop window cannot open on this machine yet.`,
      'To fix it, let the download through: behind a proxy, set ELECTRON_GET_USE_PROXY=1 and HTTPS_PROXY=<your proxy>;',
      'or point ELECTRON_MIRROR at a reachable mirror (e.g. https://npmmirror.com/mirrors/electron/); then run npm start again.',
      'Meanwhile this opens the same app in your browser (same views, same data, real main-process code):',
      ''
    ].join('\n') + '\n'
  )
  const { runWebShellCli } = await import(pathToFileURL(join(root, 'out', 'node', 'web.js')).href)
  await runWebShellCli(process.argv.slice(2))
}

ensureBuild()
let binary = electronBinary()
if (binary) openDesktop(binary)
else {
  const installed = runInstaller()
  binary = installed.ok ? electronBinary() : null
  if (binary) openDesktop(binary)
  else await openInBrowser(installed.ok ? 'the installer finished but left no binary' : installed.why)
}
