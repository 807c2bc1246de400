// What every layer knows of a dialect — the app, the CLI, the settings form, the demo's URLs, the docs — written
// once in the dialect's own folder (src/main/client/<dialect>/descriptor.ts) and gathered by the registry
// (src/shared/dialects.ts). A descriptor is data: it imports nothing but types and its own state table, so the
// renderer may read it as well as main. What only main does with a dialect (its client, its probe read) is in
// the same folder's dialect.ts, gathered by src/main/client/dialects.ts.
import type { StateTable } from './outcome'

/** A public host of the dialect, offered as a preset in Settings. */
export interface DialectPresetOf {
  id: string
  /** the profile's name when the preset fills an empty form */
  name: string
  baseUrl: string
  /** the dialect's second host, where it has one (see DialectDescriptor.tokensUrl) */
  tokensUrl: string
  /** who runs it, as the form shows it */
  operator: string
}

export interface DialectDescriptor<Id extends string = string> {
  id: Id
  /** as the settings form, the CLI and the docs name it */
  name: string
  presets: readonly DialectPresetOf[]
  /**
   * A second host the dialect needs beside the profile's base URL (Butter's tokens API, which answers its chains
   * and tokens), as the settings form asks for it; null for a dialect with one host.
   */
  tokensUrl: { label: string; help: string; placeholder: string; missing: string } | null
  /**
   * Its records name the token they delivered (a swap's, another token than the one sent): the received token is
   * never looked up in the token list by the sent token's symbol.
   */
  namesReceivedToken: boolean
  /** what its state numbers mean, with their sources (states.ts beside the descriptor) */
  states: StateTable
  /** where the demo network speaks it, as paths under the demo's origin ('' for the demo's root) */
  demo: { base: string; tokens: string | null }
}
