// The successors' published examples as the tests read them (test/fixtures/butter, test/fixtures/mapscan):
// the file holds the docs' text byte for byte; this applies the cleaning their SOURCES.md describes and nothing
// else — non-breaking spaces (U+00A0) become spaces, `......` elision lines and the `// Request`, `curl …`,
// `// Result` lines of Bridge Scan's blocks are dropped.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface DocExample {
  /** the example as published */
  published: string
  /** valid JSON: the cleaning applied */
  body: string
  /** the URL of the example's `curl` line, when it has one */
  request: string | null
}

export function docExample(dialect: 'butter' | 'mapscan', file: string): DocExample {
  const published = readFileSync(fileURLToPath(new URL(`../fixtures/${dialect}/${file}`, import.meta.url)), 'utf8')
  let request: string | null = null
  const kept: string[] = []
  for (const line of published.replace(/\u00a0/g, ' ').split('\n')) {
    if (/^\s*\.{6}\s*$/.test(line) || /^\s*\/\/ (Request|Result)\s*$/.test(line)) continue
    const curl = /^\s*curl .*"(https?:\/\/[^"]+)"\s*$/.exec(line)
    if (curl) {
      request = curl[1] ?? null
      continue
    }
    kept.push(line)
  }
  return { published, body: kept.join('\n'), request }
}

/**
 * The transfer Butter's order-id example and its second source-hash example both show, written out by hand from
 * the docs (butterswap/butter-api-for-swap-data/, see test/fixtures/butter/SOURCES.md): its human-unit amounts
 * kept as the JSON floats' digits, its ISO times in the app's one form, its fee split from the symbol glued on.
 */
export const BUTTER_ORDER_TRANSFER = {
  coin: 'USDT',
  fromDecimal: 18,
  receiveDecimal: 18,
  fromChainName: 'BNB Chain',
  toChainName: 'MAP Relayer Chain',
  from: '0xecef0d873d909730da0f446d3afac15ef19b45b1',
  to: '0xa06e0f8851438115628c5780480c53017d405e4e',
  sending: '793.9679079533888',
  receiving: '793.1739400454354',
  fromChainId: 56,
  relayerChainId: 22776,
  toChainId: 22776,
  state: 1,
  fromHash: '0xfa26d7abef03d57a938b675a46e9fb2edc15003cf50c99c73eeac2de0183d166',
  relayerHash: null,
  transferInHash: '0xf56080d26a008eaecba32e3f99ee38016554cc0ba2a20127b24b81b33dc0d36a',
  timestamp: '2023-07-27 12:21:22',
  completeTime: '2023-07-27 12:23:58',
  fee: { value: '0.793967907953388772', symbol: 'USDT', unit: 'human', decimals: 18 }
} as const
