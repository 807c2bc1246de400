// butter_decode_vs_native_100: Butter's history pages of 100 records (queryBridgeHistoryByAddress, as the demo
// network answers in Butter's dialect) through the whole decode the app runs (decodeButterHistoryBody: the quick
// way — JSON.parse, the amounts' digits found by key search, as they pass 2^53 — or else the lossless parse;
// envelope, every record checked, the normalized transfer built) against JSON.parse of the same bodies, each
// side in a process of its own as decode_vs_native is measured (lib/decode-pair.ts). Butter's records carry
// nested objects rather than JSON strings, so the baseline is JSON.parse alone. Budget ≤ 1.5, as decode_vs_native.
import { startSimulator } from '../test/support/simulator'
import { demoDialectUrls } from '../src/shared/demo-network'
import { measureDecodePair } from './lib/decode-pair'
import type { Bench } from './lib/suite'

const FIGURE = 'butter_decode_vs_native_100'
const OP = 'queryBridgeHistoryByAddress'

export const butterDecodeBench: Bench = {
  figures: [{ name: FIGURE, unit: 'x', budget: { op: '<=', target: 1.5 }, rooms: ['client'], maxReferenceSpread: 0.5 }],
  quiet: true,
  async run(ctx) {
    // 100 pages a run (10,000 records, as decode_vs_native decodes a run): with 20, JSON.parse took ~13 ms a
    // run and its CPU times scattered 61 % on a quiet machine
    const pages = ctx.tiny ? 10 : 100
    const sim = await startSimulator({ seed: 2, transfers: ctx.tiny ? 20_000 : 200_000, rotateEveryMs: null })
    const bodies: string[] = []
    try {
      const { address, chainId } = sim.sample().addresses[0]!
      const { baseUrl } = demoDialectUrls(sim.baseUrl, 'butter')
      for (let page = 1; page <= pages; page++) {
        const res = await fetch(`${baseUrl}/api/${OP}?address=${address}&chainId=${chainId}&page=${page}&size=100`)
        bodies.push(await res.text())
      }
    } finally {
      await sim.close()
    }
    return {
      [FIGURE]: await measureDecodePair(ctx, {
        bodies,
        records: pages * 100,
        ours: 'butterOurs',
        native: 'butterNative',
        shape: `${pages} pages of 100 records one after another`,
        nativeWhat: 'JSON.parse'
      })
    }
  }
}
