// Every benchmark the suite knows, in the order they run: the quick ones first, the browser ones together,
// idle CPU last. Adding a figure is one entry here and one module beside this file that exports a Bench:
// its figures (name, unit, budget, rooms, and maxReferenceSpread when it is a ratio to a reference measured
// in the same run) and a run() that answers a Measured per figure (againstReference() builds a ratio's).
import { bundleSizeBench } from './bundle-size'
import { butterDecodeBench } from './butter-decode'
import { cacheGrowthBench } from './cache-growth'
import { chainCheckBench } from './chain-check'
import { decodeBench } from './decode'
import { historyAllBench } from './history-all'
import { idleCpuBench } from './idle-cpu'
import type { Bench } from './lib/suite'
import { metricsScrapeBench } from './metrics-scrape'
import { startupBench } from './startup'
import { tableBench, tableMillionBench } from './table'
import { tssFirstPaintBench } from './tss-first-paint'
import { tssWatchCpuBench } from './tss-watch-cpu'
import { keepersWatchCpuBench, watchCpuBench } from './watch-cpu'
import { keepersRoundBench } from './keepers-round'

export const BENCHES: Bench[] = [
  bundleSizeBench,
  decodeBench,
  butterDecodeBench,
  cacheGrowthBench,
  historyAllBench,
  chainCheckBench,
  keepersRoundBench,
  startupBench,
  tssFirstPaintBench,
  tableBench,
  tableMillionBench,
  metricsScrapeBench,
  idleCpuBench,
  watchCpuBench,
  keepersWatchCpuBench,
  tssWatchCpuBench
]
