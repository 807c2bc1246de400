// MAP's Bridge Scan API: one host, transfers only (no chain or token list, no vault). Preset host:
// mapprotocol/docs, develop/sdk/bridge-api.md at 546d2f3fb5849edb4bc8bf4b3337dd5e7f2bfad6; a third-party service
// run by MAP Protocol, not by us: the form says so.
import type { DialectDescriptor } from '@shared/dialect-descriptor'
import { MAPSCAN_STATES } from './states'

export const MAPSCAN_DIALECT = {
  id: 'mapscan',
  name: "MAP's Bridge Scan API",
  presets: [{ id: 'mapscan', name: "MAP's Bridge Scan API", baseUrl: 'https://bn-api.chainservice.io', tokensUrl: '', operator: 'MAP Protocol' }],
  tokensUrl: null,
  namesReceivedToken: true,
  states: MAPSCAN_STATES,
  demo: { base: '/mapscan', tokens: null }
} as const satisfies DialectDescriptor<'mapscan'>
