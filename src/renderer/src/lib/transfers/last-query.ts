// The last address and chain looked at, so the palette can open Transfers on "the chain last used".
const KEY = 'bridgescope.lastQuery'

export interface LastQuery {
  address: string
  chainId: number
}

export function readLastQuery(): LastQuery | null {
  try {
    const raw = localStorage.getItem(KEY)
    if (!raw) return null
    const v = JSON.parse(raw) as Partial<LastQuery>
    return typeof v.address === 'string' && typeof v.chainId === 'number' ? { address: v.address, chainId: v.chainId } : null
  } catch {
    return null
  }
}

export function writeLastQuery(q: LastQuery): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(q))
  } catch {
    // storage full or disabled: only the palette's default chain is lost
  }
}
