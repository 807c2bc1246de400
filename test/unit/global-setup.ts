// Some unit tests load the built bundles (the main smoke test, the harness): build once, before any worker
// starts, so parallel test files never race to build out/.
import { spawnSync } from 'node:child_process'

export default function setup(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.js'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('electron-vite build failed')
}
