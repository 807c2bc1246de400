// docs/operators.md's files work as written: promtool accepts the rules, the dashboard is JSON whose queries
// name only metrics we export, and the rules name only those too.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WatchMetrics } from '../../../../src/cli/metrics'

const exported = async (): Promise<Set<string>> => {
  const m = new WatchMetrics({
    vault: { status: () => ({ running: true, paused: false, profileId: 'cli', lastPollAt: null, nextPollAt: null, nodes: [], vault: null }), nodesAgree: () => null },
    transfers: { stuckTransfers: () => [], pendingTransfers: () => [] },
    tss: { board: () => null, apiUp: () => null },
    keepers: { maintainers: true, solvency: true, last: () => null, up: () => null }
  })
  const names = (await m.registry.getMetricsAsJSON()).map((x) => x.name)
  return new Set(names.flatMap((n) => [n, `${n}_bucket`, `${n}_count`, `${n}_sum`]))
}
const named = (text: string): string[] => [...new Set(text.match(/bridgescope_[a-z_]+/g) ?? [])]

describe('operator docs', () => {
  it('promtool check rules accepts docs/prometheus/bridgescope.rules.yml', () => {
    if (!existsSync('/usr/bin/promtool')) {
      console.log('skipped: /usr/bin/promtool is not installed (apt-get install prometheus)')
      return
    }
    const out = execFileSync('/usr/bin/promtool', ['check', 'rules', 'docs/prometheus/bridgescope.rules.yml'], { encoding: 'utf8', timeout: 120_000 })
    expect(out).toContain('SUCCESS: 6 rules found')
  })

  it('the Grafana dashboard is valid JSON and its queries and the rules name only exported metrics', async () => {
    const names = await exported()
    const dash = JSON.parse(readFileSync('docs/grafana/bridgescope-dashboard.json', 'utf8')) as { panels: { targets: { expr: string }[] }[] }
    const exprs = dash.panels.flatMap((p) => p.targets.map((t) => t.expr))
    expect(exprs.length).toBeGreaterThan(5)
    for (const n of named(exprs.join('\n'))) expect(names, n).toContain(n)
    const rules = readFileSync('docs/prometheus/bridgescope.rules.yml', 'utf8')
    for (const n of named(rules)) expect(names, n).toContain(n)
    for (const n of named(readFileSync('docs/operators.md', 'utf8'))) expect(names, n).toContain(n)
  })

  it('the TSS rules pass promtool; the TSS dashboard and rules name only exported metrics, all four per-chain ones', async () => {
    const names = await exported()
    if (existsSync('/usr/bin/promtool')) {
      const out = execFileSync('/usr/bin/promtool', ['check', 'rules', 'docs/prometheus/bridgescope-tss.rules.yml'], { encoding: 'utf8', timeout: 120_000 })
      expect(out).toContain('SUCCESS: 4 rules found')
    }
    const dash = JSON.parse(readFileSync('docs/grafana/bridgescope-tss-dashboard.json', 'utf8')) as { panels: { targets: { expr: string }[] }[] }
    const used = named(dash.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n'))
    for (const n of used) expect(names, n).toContain(n)
    for (const n of ['bridgescope_tss_pending_orders', 'bridgescope_tss_oldest_pending_seconds', 'bridgescope_tss_scan_height', 'bridgescope_tss_scan_stalled']) expect(used).toContain(n)
    for (const n of named(readFileSync('docs/prometheus/bridgescope-tss.rules.yml', 'utf8'))) expect(names, n).toContain(n)
  })

  it("the keepers' rules pass promtool and name only exported metrics, one rule per alert the watch announces", async () => {
    const names = await exported()
    const file = 'docs/prometheus/bridgescope-keepers.rules.yml'
    if (existsSync('/usr/bin/promtool')) {
      const out = execFileSync('/usr/bin/promtool', ['check', 'rules', file], { encoding: 'utf8', timeout: 120_000 })
      expect(out).toContain('SUCCESS: 5 rules found')
    }
    const rules = readFileSync(file, 'utf8')
    for (const n of named(rules)) expect(names, n).toContain(n)
    for (const alert of ['BridgescopeKeeperHeartbeatStale', 'BridgescopeKeeperNodeUnreachable', 'BridgescopeKeeperScannerLagging', 'BridgescopeKeeperSlashPointsRising', 'BridgescopeVaultShort']) expect(rules).toContain(`alert: ${alert}`)
  })
})
