// The successors' documented public hosts, offered as presets in Settings. They are third-party services run by
// Butter and MAP, not by us: the form says so beside each. Sources (see test/fixtures/*/SOURCES.md):
// - Butter: butternetwork/docs, butterswap/butter-api-for-swap-data/ at 876963945cecb205325ac7aba2f9767d68ee0f56
//   (the examples' hosts); butternetwork/butter-packages, packages/butter-sdk/src/config/config.ts at
//   195d65bb884c730d92657e2eab903f622eac7d51 (`historyApiUrl` app API, `apiUrl` tokens API).
// - MAP Bridge Scan: mapprotocol/docs, develop/sdk/bridge-api.md at 546d2f3fb5849edb4bc8bf4b3337dd5e7f2bfad6.
import type { Dialect } from './schemas/origin'

export interface DialectPreset {
  id: string
  /** the profile's name when the preset fills an empty form */
  name: string
  dialect: Dialect
  baseUrl: string
  tokensUrl: string
  /** who runs it, as the form shows it */
  operator: string
}

export const DIALECT_PRESETS: readonly DialectPreset[] = [
  { id: 'butter', name: "Butter's swap-data API", dialect: 'butter', baseUrl: 'https://bs-app-api.chainservice.io', tokensUrl: 'https://bs-tokens-api.chainservice.io', operator: 'Butter Network' },
  { id: 'mapscan', name: "MAP's Bridge Scan API", dialect: 'mapscan', baseUrl: 'https://bn-api.chainservice.io', tokensUrl: '', operator: 'MAP Protocol' }
]

/** The tokens API of the Butter preset whose app API is `appUrl` (trailing slashes aside); null for any other URL. */
export function presetTokensUrl(appUrl: string): string | null {
  const bare = (u: string): string => u.trim().replace(/\/+$/, '').toLowerCase()
  return DIALECT_PRESETS.find((p) => p.dialect === 'butter' && bare(p.baseUrl) === bare(appUrl))?.tokensUrl ?? null
}
