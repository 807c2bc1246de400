// The registry of dialects: every service Bridgescope can read, each described once in its own folder
// (src/main/client/<dialect>/descriptor.ts). Everything that offers, names or checks a dialect — the profile's
// schema, the settings form, the CLI's --dialect and its help, the demo's URLs, the docs — reads this list, so
// adding a dialect is one folder and one line here (docs/architecture.md, "How to add a dialect"). A test holds
// that no file outside the dialects' folders and the registries branches on a dialect's name.
import { z } from 'zod'
import type { DialectDescriptor } from './dialect-descriptor'
import { MCS_DIALECT } from '../main/client/mcs/descriptor'
import { BUTTER_DIALECT } from '../main/client/butter/descriptor'
import { MAPSCAN_DIALECT } from '../main/client/mapscan/descriptor'

const DESCRIPTORS = [MCS_DIALECT, BUTTER_DIALECT, MAPSCAN_DIALECT] as const

export const DIALECTS = [MCS_DIALECT.id, BUTTER_DIALECT.id, MAPSCAN_DIALECT.id] as const
export const dialectSchema = z.enum(DIALECTS)
export type Dialect = z.infer<typeof dialectSchema>

/**
 * What a profile, a cached record or an offline copy without a dialect speaks: the original service, the only
 * one there was before dialects existed, so everything stored before keeps its meaning.
 */
export const DEFAULT_DIALECT: Dialect = MCS_DIALECT.id

const BY_ID = new Map<string, DialectDescriptor<Dialect>>(DESCRIPTORS.map((d) => [d.id, d]))

/** The descriptor of a dialect; the default dialect's for none. */
export function descriptorOf(dialect: Dialect | null | undefined): DialectDescriptor<Dialect> {
  return BY_ID.get(dialect ?? DEFAULT_DIALECT) as DialectDescriptor<Dialect>
}

export const DIALECT_DESCRIPTORS: readonly DialectDescriptor<Dialect>[] = DESCRIPTORS

export const DIALECT_NAMES = Object.fromEntries(DESCRIPTORS.map((d) => [d.id, d.name])) as Readonly<Record<Dialect, string>>

/** A preset as Settings offers it: a dialect's public host. */
export type DialectPreset = DialectDescriptor['presets'][number] & { dialect: Dialect }

export const DIALECT_PRESETS: readonly DialectPreset[] = DESCRIPTORS.flatMap((d) => d.presets.map((p) => ({ ...p, dialect: d.id })))

/** The second host of the preset whose base URL is `appUrl` (trailing slashes and case aside); null for any other URL. */
export function presetTokensUrl(appUrl: string): string | null {
  const bare = (u: string): string => u.trim().replace(/\/+$/, '').toLowerCase()
  const preset = DIALECT_PRESETS.find((p) => descriptorOf(p.dialect).tokensUrl !== null && bare(p.baseUrl) === bare(appUrl))
  return preset?.tokensUrl ?? null
}

/** The dialects as the CLI's help lists them: "mcs, butter or mapscan". */
export function dialectList(): string {
  const names: readonly string[] = DIALECTS
  return names.length === 1 ? String(names[0]) : `${names.slice(0, -1).join(', ')} or ${String(names[names.length - 1])}`
}
