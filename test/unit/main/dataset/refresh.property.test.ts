// Property: over any sequence of arrivals and state changes, each refresh of a loaded history brings it to the
// service's current list (what existed at load plus what arrived, with every change), ordered as each sort says.
// The histories here fit a refresh's bounds (a few pages, at most 20 pending), so nothing is left for later.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountOrder, sentAmount } from '../../../../src/shared/amounts'
import type { HistorySort } from '../../../../src/shared/contract'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { transferOfRecord } from '../../../../src/shared/transfer'
import { ADDRESS, CHAIN_ID, datasetRecords, FakeHistory, serviceOn } from './fake-history'

const PAGE = 25

type Step = { arrive: number; changes: { pick: number; how: 'complete' | 'relay' }[] }

const stepArb = fc.record({
  arrive: fc.nat(20),
  changes: fc.array(fc.record({ pick: fc.nat(), how: fc.constantFrom('complete' as const, 'relay' as const) }), { maxLength: 4 })
})
const sortArb = fc.record({ key: fc.constantFrom('timestamp' as const, 'state' as const, 'amount' as const), dir: fc.constantFrom('asc' as const, 'desc' as const) })

function key(r: TransferRecord, k: HistorySort['key']): string | number | bigint {
  if (k === 'amount') return amountOrder(sentAmount(r))
  return k === 'state' ? r.state : r.timestamp
}

/** the service's list ordered by `sort`, ties in the list's own order (as the table pages through it) */
function sorted(list: readonly TransferRecord[], sort: HistorySort): number[] {
  const dir = sort.dir === 'asc' ? 1 : -1
  return list
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const x = key(a.r, sort.key)
      const y = key(b.r, sort.key)
      return x < y ? -dir : x > y ? dir : a.i - b.i
    })
    .map(({ r }) => r.id)
}

describe('a loaded history kept current', () => {
  it('equals the service list after every refresh, in every sort', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(30), fc.array(stepArb, { minLength: 1, maxLength: 3 }), sortArb, async (initial, steps, sort) => {
        const fake = new FakeHistory(initial)
        const history = await serviceOn(fake, PAGE)
        const { datasetId } = await history.loadAll({ jobId: 'j', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
        let arrived = 0
        for (const step of steps as Step[]) {
          arrived += fake.arrive(step.arrive).length
          for (const c of step.changes) {
            const pending = fake.list.filter((r) => r.state !== 1 && !r.transferinHash)
            const target = pending[c.pick % Math.max(1, pending.length)]
            if (!target) continue
            if (c.how === 'complete') fake.complete(target.id)
            else fake.relay(target.id)
          }
          const res = await history.refresh({ datasetId })
          expect(res.gap).toBe(false)
          expect(res.sinceLoad).toBe(arrived)
          expect(await datasetRecords(history)).toEqual(fake.list.map((r) => transferOfRecord({ ...r, received: null })))
          const view = await history.rows({ datasetId, offset: 0, limit: 500, sort })
          expect(view.rows.map((r) => r.id)).toEqual(sorted(fake.list, sort))
        }
      }),
      { numRuns: 60 }
    )
  })
})
