// Helpers for the dashboard e2e specs: what the demo network offers (/__sim/sample), its fault switch, and
// icons served locally (the chain and token icons point at an https host this machine cannot reach).
import type { Page } from '@playwright/test'
import type { Harness } from '../../src/main/harness/server'

export interface Sample {
  baseUrl: string
  addresses: { address: string; chainId: number; count: number }[]
  txHashes: string[]
}

export async function demoSample(harness: Harness): Promise<Sample> {
  const { baseUrl } = await harness.context.endpoints.demoUrls()
  const body = (await (await fetch(new URL('/__sim/sample', baseUrl))).json()) as Omit<Sample, 'baseUrl'>
  return { baseUrl, ...body }
}

export async function setFault(baseUrl: string, op: string, spec: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(new URL('/__sim/faults', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ op, spec })
  })
  if (!res.ok) throw new Error(`fault switch: ${res.status} ${await res.text()}`)
}

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64')

/** Remote icons answered by the test, so an unreachable icon host logs no console errors. */
export async function serveIcons(page: Page): Promise<void> {
  await page.route('https://**/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1x1 }))
}
