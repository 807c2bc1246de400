// The registry of what main does with each dialect (its client, its probe read), beside the shared registry of
// what every layer knows of it (src/shared/dialects.ts). Adding a dialect adds one line here.
import type { Dialect } from '@shared/dialects'
import type { DialectClient } from './dialect-client'
import { MCS_CLIENT } from './mcs/dialect'
import { BUTTER_CLIENT } from './butter/dialect'
import { MAPSCAN_CLIENT } from './mapscan/dialect'

export const DIALECT_CLIENTS: Readonly<Record<Dialect, DialectClient>> = {
  mcs: MCS_CLIENT,
  butter: BUTTER_CLIENT,
  mapscan: MAPSCAN_CLIENT
}
