// Helpers for the Tokens, Chains, Vault, Charts and Settings specs: a stand-in for remote icons (the tests
// never leave 127.0.0.1, and a failed image load would show up as a console error) and the demo network's
// control routes.
import type { Page } from '@playwright/test'
import type { Harness } from '../../src/main/harness/server'

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="10" fill="#888"/></svg>'

/** Answers every non-loopback request (the catalog's https icon URLs) with a small grey circle. */
export async function stubRemoteImages(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: ICON }))
}

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
