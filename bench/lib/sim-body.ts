// Real queryHistory bodies from the simulator, kept as wire text (numbers exactly as sent).
import type { Simulator } from '../../test/support/simulator'

export interface Heavy {
  address: string
  chainId: number
  count: number
}

/** The address with the most transfers on one chain. */
export function heaviest(sim: Pick<Simulator, 'sample'>): Heavy {
  const top = sim.sample().addresses[0]
  if (!top) throw new Error('the simulator has no transfers')
  return top
}

export async function historyText(baseUrl: string, q: { address: string; chainId: number; pageNo: number; pageSize: number }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/queryHistory`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(q)
  })
  if (!res.ok) throw new Error(`queryHistory answered HTTP ${res.status}`)
  return res.text()
}

/** Pages 1…`pages` of the heaviest address, `pageSize` records each, as the service sent them. */
export async function historyPages(sim: Simulator, pageSize: number, pages: number): Promise<string[]> {
  const heavy = heaviest(sim)
  if (heavy.count < pageSize * pages) throw new Error(`the heaviest address has only ${heavy.count} transfers`)
  const out: string[] = []
  for (let pageNo = 1; pageNo <= pages; pageNo++) out.push(await historyText(sim.baseUrl, { address: heavy.address, chainId: heavy.chainId, pageNo, pageSize }))
  return out
}

/**
 * One queryHistory body of `records` records (under 1000, or a multiple of 1000), spliced from pages of the
 * heaviest address, so every record is a distinct real one and every number keeps its wire text.
 */
export async function historyBody(sim: Simulator, records: number): Promise<string> {
  const pageSize = Math.min(1000, records)
  if (records % pageSize !== 0) throw new Error('records must be under 1000 or a multiple of 1000')
  const items: string[] = []
  for (const text of await historyPages(sim, pageSize, records / pageSize)) {
    const start = text.indexOf('"list":[') + 8
    const end = text.lastIndexOf('],"total"')
    if (start < 8 || end < start) throw new Error('unexpected queryHistory body shape')
    items.push(text.slice(start, end))
  }
  return `{"code":200,"message":"success","data":{"list":[${items.join(',')}],"total":${records}}}`
}
