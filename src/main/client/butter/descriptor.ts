// Butter's swap-data API: a cross-chain swap service on two hosts (the app API for transfers, the tokens API for
// chains and tokens). Preset hosts: butternetwork/docs, butterswap/butter-api-for-swap-data/ at
// 876963945cecb205325ac7aba2f9767d68ee0f56 (the examples' hosts); butternetwork/butter-packages,
// packages/butter-sdk/src/config/config.ts at 195d65bb884c730d92657e2eab903f622eac7d51 (`historyApiUrl` app API,
// `apiUrl` tokens API). They are third-party services run by Butter, not by us: the form says so.
import type { DialectDescriptor } from '@shared/dialect-descriptor'
import { BUTTER_STATES } from './states'

export const BUTTER_DIALECT = {
  id: 'butter',
  name: "Butter's swap-data API",
  presets: [
    { id: 'butter', name: "Butter's swap-data API", baseUrl: 'https://bs-app-api.chainservice.io', tokensUrl: 'https://bs-tokens-api.chainservice.io', operator: 'Butter Network' }
  ],
  tokensUrl: {
    label: 'Tokens API URL',
    help: "Butter's chains and tokens",
    placeholder: 'https://bs-tokens-api.chainservice.io',
    missing: "Butter's swap-data API needs its tokens API URL (chains and tokens) beside the app API: set the profile's tokens URL"
  },
  namesReceivedToken: true,
  states: BUTTER_STATES,
  demo: { base: '/butter/app', tokens: '/butter/tokens' }
} as const satisfies DialectDescriptor<'butter'>
