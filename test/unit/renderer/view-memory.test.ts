// What a view showed is kept per profile for the session, and never shows under another profile.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ViewMemory, restoreRoute, type RouteSeen } from '../../../src/renderer/src/lib/view-memory'

type Step = RouteSeen | { sidebar: string; profileId: string }

/**
 * Drives restoreRoute as App does: one map of routes per profile, replacements applied as route changes; a
 * sidebar step follows the link App renders (the view's kept query).
 */
function browse(steps: Step[]): { shown: RouteSeen[]; memory: ViewMemory } {
  const memory = new ViewMemory()
  const routes = (p: string): Map<string, string> => memory.keep(p, 'routes', () => new Map<string, string>())
  const shown: RouteSeen[] = []
  let seen: RouteSeen | null = null
  for (const step of steps) {
    let next: RouteSeen = 'sidebar' in step ? { profileId: step.profileId, view: step.sidebar, query: routes(step.profileId).get(step.sidebar) ?? '' } : step
    // a replacement is itself a route change, seen again (as the router's hashchange is)
    for (let hop = 0; hop < 3; hop++) {
      const to = restoreRoute(seen, next, routes(next.profileId))
      seen = next
      if (to === null) break
      next = { ...next, query: to }
    }
    shown.push(next)
  }
  return { shown, memory }
}

const r = (profileId: string, view: string, query = ''): RouteSeen => ({ profileId, view, query })

describe('restoreRoute', () => {
  it('the sidebar link reopens what the view last showed in this profile', () => {
    const { shown } = browse([r('a', 'transfers', 'address=0x1&chainId=1'), r('a', 'tokens'), { sidebar: 'transfers', profileId: 'a' }])
    expect(shown.at(-1)).toEqual(r('a', 'transfers', 'address=0x1&chainId=1'))
  })

  it('a bare route asked for in the app is shown as asked (the vault\'s latest epoch), and the sidebar follows it', () => {
    const { shown } = browse([r('a', 'vault', 'epoch=0x3e7'), r('a', 'vault'), r('a', 'tokens'), { sidebar: 'vault', profileId: 'a' }])
    expect(shown[1]).toEqual(r('a', 'vault', ''))
    expect(shown.at(-1)).toEqual(r('a', 'vault', ''))
  })

  it('a route with its own query is never replaced', () => {
    const { shown } = browse([r('a', 'transfers', 'address=0x1&chainId=1'), r('a', 'transfers', 'address=0x2&chainId=5')])
    expect(shown.at(-1)).toEqual(r('a', 'transfers', 'address=0x2&chainId=5'))
  })

  it('a profile switch shows the view as the new profile left it, or bare', () => {
    const { shown } = browse([
      r('a', 'transfers', 'address=0x1&chainId=1'),
      r('b', 'transfers', 'address=0x1&chainId=1'), // the route still says a's query when b becomes active
      r('b', 'transfers', 'address=0x2&chainId=5'),
      r('a', 'transfers', 'address=0x2&chainId=5')
    ])
    expect(shown[1]).toEqual(r('b', 'transfers', ''))
    expect(shown[3]).toEqual(r('a', 'transfers', 'address=0x1&chainId=1'))
  })

  it('property: a query is only ever restored into the profile that showed it, and what is asked is shown', () => {
    const profile = fc.constantFrom('a', 'b', 'c')
    const view = fc.constantFrom('transfers', 'vault', 'transfer')
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ profileId: profile, view, query: fc.oneof(fc.constant(''), fc.stringMatching(/^q=[a-z0-9]{1,4}$/)) }),
      fc.record({ profileId: profile, sidebar: view })
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { shown } = browse(steps)
        shown.forEach((s, i) => {
          const asked = steps[i] as Step
          expect(s.profileId).toBe(asked.profileId)
          expect(s.view).toBe('sidebar' in asked ? asked.sidebar : asked.view)
          if (s.query !== '') {
            // every query shown was asked for, before or now, in this profile on this view
            const ask = (p: Step): boolean => !('sidebar' in p) && p.profileId === s.profileId && p.view === s.view && p.query === s.query
            expect(steps.slice(0, i + 1).some(ask)).toBe(true)
          }
          const switched = i > 0 && (shown[i - 1] as RouteSeen).profileId !== asked.profileId
          if (!('sidebar' in asked) && !switched) expect(s.query).toBe(asked.query)
        })
      })
    )
  })
})

describe('ViewMemory', () => {
  it('keeps one value per profile and key, made once', () => {
    const m = new ViewMemory()
    let made = 0
    const make = (): { n: number } => ({ n: ++made })
    const a = m.keep('a', 'transfers', make)
    expect(m.keep('a', 'transfers', make)).toBe(a)
    expect(m.keep('b', 'transfers', make)).not.toBe(a)
    expect(m.keep('a', 'tokens', make)).not.toBe(a)
    expect(made).toBe(3)
  })

  it('forgets a deleted profile and nothing else', () => {
    const m = new ViewMemory()
    const a = m.keep('a', 'k', () => ({}))
    const b = m.keep('b', 'k', () => ({}))
    m.prune(['a'])
    expect(m.keep('a', 'k', () => ({}))).toBe(a)
    expect(m.keep('b', 'k', () => ({}))).not.toBe(b)
  })
})
