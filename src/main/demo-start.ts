// What a newcomer sees first on the demo network: the simulator's busiest addresses as starters,
// and on a first run one of them watched from the start, its full history loaded, so Overview and Charts
// show real activity before anyone knows an address. The vault is watched on every profile anyway.
import type { StarterAddress } from '@shared/contract'
import type { DemoSample } from '@shared/demo-network'
import { DEMO_PROFILE_ID } from '@shared/profile-ids'

const MAX_STARTERS = 8

/** The sample's addresses, busiest first, at most eight. */
export function starterAddresses(sample: DemoSample): StarterAddress[] {
  return [...sample.addresses]
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_STARTERS)
    .map((a) => ({ address: a.address, chainId: a.chainId, transfers: a.count }))
}

export interface FirstRunDeps {
  starters: () => Promise<StarterAddress[]>
  watch: (item: { address: string; chainIds: number[]; label: string; profileId: string }) => void
  /** loads the whole history in the background (Charts waits for it) */
  preload: (address: string, chainId: number) => void
}

/** Watches the busiest demo address. Called once, on a first run on the demo profile. */
export async function watchDemoStarter(d: FirstRunDeps): Promise<void> {
  const [top] = await d.starters()
  if (!top) return
  // on the demo profile only: the simulator's address has no history on a real service
  d.watch({ address: top.address, chainIds: [top.chainId], label: 'Demo: busiest address', profileId: DEMO_PROFILE_ID })
  d.preload(top.address, top.chainId)
}
