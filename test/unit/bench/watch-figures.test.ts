// watch_idle_cpu_pct and metrics_scrape_ms: their BENCH lines keep the suite's one format (a budget of 0.2 %
// and a strict "<" included), and what the rig reads from /proc and from the exposition is read right.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { formatLine, LINE_PATTERN, meets } from '../../../bench/lib/format'
import { histogramCount, procCpuMs } from '../../../bench/watch-rig'

it('prints the watcher figures in the BENCH line format', () => {
  const cpu = { name: 'watch_idle_cpu_pct', value: 0.05, unit: '%', op: '<=' as const, target: 0.2, pass: true, verdict: 'PASS' as const, reason: '', runs: [0.05, 0.07], detail: 'x' }
  expect(formatLine(cpu)).toBe('BENCH watch_idle_cpu_pct 0.05 % runs 0.05–0.07 budget <=0.2 PASS')
  const scrape = {
    name: 'metrics_scrape_vs_bare',
    value: 1.99,
    unit: 'x',
    op: '<' as const,
    target: 4,
    pass: true,
    verdict: 'PASS' as const,
    reason: '',
    runs: [1.99],
    detail: 'x',
    absolute: { value: 3.99, unit: 'ms', runs: [3.99], spread: 0, what: 'scrape' },
    reference: { value: 2, unit: 'ms', runs: [2], spread: 0.123, what: 'bare' }
  }
  expect(formatLine(scrape)).toBe('BENCH metrics_scrape_vs_bare 1.99 x runs 1.99–1.99 budget <4.0 PASS; absolute 3.99 ms runs 3.99–3.99; reference 2.00 ms spread 12 %')
  for (const r of [cpu, scrape]) expect(formatLine(r)).toMatch(LINE_PATTERN)
  // the budget is held on the exact value, not on the two decimals the line shows
  expect(meets(0.204, { op: '<=', target: 0.2 })).toBe(false)
  expect(meets(50, { op: '<', target: 50 })).toBe(false)
})

it('reads utime + stime from /proc/<pid>/stat, whatever the process name holds', () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
  const stat = '4242 (node ) x (1)) S 1 4242 4242 0 -1 4194304 900 0 0 0 123 45 0 0 20 0 11 0 100 0 0'
  expect(procCpuMs(stat)).toBe(1680)
  expect(procCpuMs(readFileSync('/proc/self/stat', 'utf8'))).toBeGreaterThan(0)
  expect(() => procCpuMs('garbage')).toThrow()
})

it('counts polls from the duration histogram of every node', () => {
  const text = [
    '# HELP bridgescope_node_request_duration_seconds Time each node took to answer tss_getVault',
    'bridgescope_node_request_duration_seconds_bucket{le="0.05",node="http://a/rpc"} 3',
    'bridgescope_node_request_duration_seconds_sum{node="http://a/rpc"} 0.01',
    'bridgescope_node_request_duration_seconds_count{node="http://a/rpc"} 3',
    'bridgescope_node_request_duration_seconds_count{node="http://b/rpc"} 2',
    'bridgescope_node_up{node="http://a/rpc"} 1'
  ].join('\n')
  expect(histogramCount(text, 'bridgescope_node_request_duration_seconds')).toBe(5)
  expect(histogramCount('', 'bridgescope_node_request_duration_seconds')).toBe(0)
})
