// The demo network's control routes (/__sim/*) as the Tokens, Chains, Vault, Charts and Cross-chain specs use
// them: make every operation fail, rotate the vault, read the sample of busy addresses.
import type { Harness } from '../support/harness'

async function demoBase(harness: Harness): Promise<string> {
  return (await harness.context.endpoints.demoUrls()).baseUrl
}

/** Makes every demo-network operation fail with the given HTTP status (null clears the fault). */
export async function demoFault(harness: Harness, status: number | null): Promise<void> {
  const res = await fetch(`${await demoBase(harness)}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ op: '*', spec: status === null ? null : { status } })
  })
  if (!res.ok) throw new Error(`fault request failed: ${res.status} ${await res.text()}`)
}

export async function demoRotate(harness: Harness): Promise<{ epoch: number; publicKey: string }> {
  const res = await fetch(`${await demoBase(harness)}/__sim/rotate`, { method: 'POST' })
  return (await res.json()) as { epoch: number; publicKey: string }
}

export async function demoSample(harness: Harness): Promise<unknown> {
  const res = await fetch(`${await demoBase(harness)}/__sim/sample`)
  return res.json()
}
