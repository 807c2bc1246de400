// What a scrape answers with the kept lines: at every moment exactly what prom-client's own registry would
// answer, whatever happened between two scrapes (a gauge set, reset, set back; a counter's inc; a histogram's
// observation; series drawn afresh at scrape time, the same or different), and two scrapes at once agree. With
// stamps (the watch's count of changes), what did not change since the lines were kept is not asked again, and a
// series that reads the clock moves at every scrape all the same.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import { ExpositionCache } from '../../../src/cli/exposition-cache'

const NODES = ['http://a:1', 'http://b:2', 'http://c"3\\\n']
const LIVE = 'x_age_seconds'

type Step =
  | { kind: 'set'; node: number; value: number }
  | { kind: 'remove'; node: number }
  | { kind: 'reset' }
  | { kind: 'inc'; node: number }
  | { kind: 'observe'; node: number; seconds: number }
  | { kind: 'rows'; rows: [number, number][] }
  | { kind: 'scrape' }
  | { kind: 'two-scrapes' }

const node = fc.integer({ min: 0, max: NODES.length - 1 })
const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(NaN, Infinity, -Infinity, 0.5, 1e21))
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), node, value }),
  fc.record({ kind: fc.constant('remove' as const), node }),
  fc.constant({ kind: 'reset' as const }),
  fc.record({ kind: fc.constant('inc' as const), node }),
  fc.record({ kind: fc.constant('observe' as const), node, seconds: fc.constantFrom(0.001, 0.2, 3, 40) }),
  fc.record({ kind: fc.constant('rows' as const), rows: fc.array(fc.tuple(node, value), { maxLength: 4 }) }),
  fc.constant({ kind: 'scrape' as const }),
  fc.constant({ kind: 'two-scrapes' as const })
)

function world(): { registry: Registry; apply(s: Step): void; clock: { now: number }; collects: () => number } {
  const registry = new Registry()
  const clock = { now: 0 }
  let collects = 0
  const registers = [registry]
  const epoch = new Gauge({ name: 'x_epoch', help: 'a gauge set by polls', labelNames: ['node'], registers })
  const errors = new Counter({ name: 'x_errors_total', help: 'a counter', labelNames: ['node'], registers })
  const took = new Histogram({ name: 'x_seconds', help: 'a histogram', labelNames: ['node'], buckets: [0.01, 1, 10], registers })
  let rows: [number, number][] = []
  // drawn afresh at every scrape, as the watch's series gauges are: new objects, often the same lines
  const drawn: Gauge<'node'> = new Gauge({
    name: 'x_drawn',
    help: 'series made at scrape time',
    labelNames: ['node'],
    registers,
    collect: () => {
      collects++
      drawn.reset()
      for (const [n, v] of rows) drawn.set({ node: NODES[n] as string }, v)
    }
  })
  new Gauge({ name: 'x_unlabelled', help: 'never set', registers })
  // the clock's series: a different value at every scrape, whatever else happened
  const age: Gauge = new Gauge({ name: LIVE, help: 'reads the clock', registers, collect: () => age.set(clock.now) })
  return {
    registry,
    clock,
    collects: () => collects,
    apply: (s) => {
      if (s.kind === 'set') epoch.set({ node: NODES[s.node] as string }, s.value)
      else if (s.kind === 'remove') epoch.remove({ node: NODES[s.node] as string })
      else if (s.kind === 'reset') epoch.reset()
      else if (s.kind === 'inc') errors.inc({ node: NODES[s.node] as string })
      else if (s.kind === 'observe') took.observe({ node: NODES[s.node] as string }, s.seconds)
      else if (s.kind === 'rows') rows = s.rows
    }
  }
}

describe('the exposition a scrape answers', () => {
  it('is at every scrape what prom-client answers, whatever changed between scrapes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const w = world()
        const cache = new ExpositionCache(w.registry)
        for (const s of [...steps, { kind: 'scrape' } as const]) {
          if (s.kind === 'scrape') expect(await cache.text()).toBe(await w.registry.metrics())
          else if (s.kind === 'two-scrapes') {
            const [a, b] = await Promise.all([cache.text(), cache.text()])
            expect(a).toBe(b)
            expect(a).toBe(await w.registry.metrics())
          } else w.apply(s)
        }
      }),
      { numRuns: 300 }
    )
  })

  it('with stamps, is at every scrape what prom-client answers, when every change moves the stamp and the clock moves between scrapes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const w = world()
        let stamp = 0
        const cache = new ExpositionCache(w.registry, { stamp: () => stamp, live: new Set([LIVE]) })
        for (const s of [...steps, { kind: 'scrape' } as const]) {
          if (s.kind === 'scrape') {
            w.clock.now += 15
            expect(await cache.text()).toBe(await w.registry.metrics())
          } else if (s.kind === 'two-scrapes') {
            w.clock.now += 15
            const [a, b] = await Promise.all([cache.text(), cache.text()])
            expect(a).toBe(b)
            expect(a).toBe(await w.registry.metrics())
          } else {
            w.apply(s)
            stamp++
          }
        }
      }),
      { numRuns: 300 }
    )
  })

  it('with stamps, asks a metric again only after a change, and a live one at every scrape', async () => {
    const w = world()
    let stamp = 0
    const cache = new ExpositionCache(w.registry, { stamp: () => stamp, live: new Set([LIVE]) })
    w.apply({ kind: 'rows', rows: [[0, 1]] })
    const first = await cache.text()
    const asked = w.collects()
    w.clock.now = 42
    const second = await cache.text()
    // the drawn series were not drawn again; the clock's series moved
    expect(w.collects()).toBe(asked)
    expect(second).toContain(`${LIVE} 42`)
    expect(second.replace(`${LIVE} 42`, `${LIVE} 0`)).toBe(first)
    w.apply({ kind: 'rows', rows: [[1, 5]] })
    stamp++
    const third = await cache.text()
    expect(w.collects()).toBe(asked + 1)
    expect(third).toContain('x_drawn{node="http://b:2"} 5')
    expect(third).not.toContain('x_drawn{node="http://a:1"}')
  })

  it("keeps an unchanged metric's lines and renders a changed one again", async () => {
    const w = world()
    const cache = new ExpositionCache(w.registry)
    w.apply({ kind: 'set', node: 0, value: 1 })
    const first = await cache.text()
    expect(first).toContain('x_epoch{node="http://a:1"} 1')
    expect(await cache.text()).toBe(first)
    w.apply({ kind: 'set', node: 0, value: 2 })
    w.apply({ kind: 'inc', node: 1 })
    const second = await cache.text()
    expect(second).toContain('x_epoch{node="http://a:1"} 2')
    expect(second).toContain('x_errors_total{node="http://b:2"} 1')
    // set back to what was rendered before: the lines follow the value, not the object
    w.apply({ kind: 'set', node: 0, value: 1 })
    expect(await cache.text()).toContain('x_epoch{node="http://a:1"} 1')
  })
})
