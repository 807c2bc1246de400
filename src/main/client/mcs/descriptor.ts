// Our original dialect: MAP's bridge query service as the seed interface describes it (four POST queries and
// tss_getVault on its nodes). One host; its records carry the sent token and the received token is found in
// the token list on the destination chain (src/shared/amounts.ts).
import type { DialectDescriptor } from '@shared/dialect-descriptor'
import { MCS_STATES } from './states'

export const MCS_DIALECT = {
  id: 'mcs',
  name: 'MAP bridge query service (original)',
  presets: [],
  tokensUrl: null,
  namesReceivedToken: false,
  states: MCS_STATES,
  demo: { base: '', tokens: null }
} as const satisfies DialectDescriptor<'mcs'>
