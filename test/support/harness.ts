// The browser harness the e2e tests and the bench drive: the browser shell (src/web) on a demo network with
// the test rig's faults and /__sim/* controls. Built to out/test/harness.js (scripts/build-node.js), so the
// tests run the same built renderer and handlers a user gets.
import { startWebShell, type WebShell, type WebShellOptions } from '../../src/web/server'
import { testDemo, type TestDemoOptions } from './demo-plan'

export type Harness = WebShell

export interface HarnessOptions extends Omit<WebShellOptions, 'demo'> {
  demo?: TestDemoOptions
}

export function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const { demo, ...shell } = options
  return startWebShell({ ...shell, demo: testDemo(demo) })
}
