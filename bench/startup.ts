import type { Bench } from './lib/suite'
export const startupBench: Bench = { figures: [{ name: 'cached_startup_ms', unit: 'ms', budget: { op: '<=', target: 500 } }], run: () => Promise.resolve({}) }
