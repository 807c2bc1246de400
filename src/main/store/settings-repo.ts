// Rules over the settings and watchlists documents: the demo profile is always there and cannot be removed,
// an active profile always exists, import replaces both documents only when the whole file is valid.
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { AppError } from '@shared/errors'
import {
  DEMO_PROFILE_ID,
  demoProfile,
  exportFileSchema,
  profileSchema,
  settingsSchema,
  watchlistsSchema,
  type Profile,
  type Settings,
  type SettingsPatch,
  type Watchlists
} from '@shared/schemas/settings'
import { applyMergePatch } from '@shared/merge-patch'
import type { DocumentStore } from './document-store'
import { migrateSettings } from './migrations'
import { redactUrl } from '@shared/redact'
import type { Dialect } from '@shared/dialects'

export type ProfileInput = Omit<z.input<typeof profileSchema>, 'id'> & { id?: string | undefined }
export type WatchKind = 'address' | 'transfer' | 'epoch'

function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0]
  if (!issue) return { message: 'invalid' }
  const field = issue.path.join('.')
  return field ? { message: `${field}: ${issue.message}`, field } : { message: issue.message }
}

/** What an import would replace, in words a person checks before saying yes. */
export function importChanges(now: { settings: Settings; watchlists: Watchlists }, next: { settings: Settings; watchlists: Watchlists }): string[] {
  const out: string[] = []
  const names = (s: Settings): string => s.profiles.map((p) => p.name).join(', ')
  if (JSON.stringify(now.settings.profiles) !== JSON.stringify(next.settings.profiles)) out.push(`Endpoint profiles: ${names(now.settings)} → ${names(next.settings)}`)
  const sinks = (s: Settings): string => s.webhooks.map((w) => w.label || w.urlHint || w.id).join(', ') || 'none'
  if (JSON.stringify(now.settings.webhooks) !== JSON.stringify(next.settings.webhooks)) {
    const gone = now.settings.webhooks.filter((w) => !next.settings.webhooks.some((x) => x.id === w.id)).length
    out.push(`Webhook alerts: ${sinks(now.settings)} → ${sinks(next.settings)}${gone ? ` (the URL of ${gone} removed webhook${gone === 1 ? '' : 's'} is deleted)` : ''}`)
  }
  const active = (s: Settings): string => s.profiles.find((p) => p.id === s.activeProfileId)?.name ?? s.activeProfileId
  if (active(now.settings) !== active(next.settings)) out.push(`Active profile: ${active(now.settings)} → ${active(next.settings)}`)
  for (const key of Object.keys({ ...now.settings, ...next.settings }).sort()) {
    if (key === 'profiles' || key === 'activeProfileId' || key === 'version' || key === 'webhooks') continue
    const [a, b] = [JSON.stringify(now.settings[key]), JSON.stringify(next.settings[key])]
    if (a !== b) out.push(`${key}: ${a ?? 'absent'} → ${b ?? 'absent'}`)
  }
  for (const kind of ['addresses', 'transfers', 'epochs'] as const) {
    const [a, b] = [now.watchlists[kind], next.watchlists[kind]]
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`Watched ${kind}: ${a.length} → ${b.length}`)
  }
  return out
}

/** What an export says in place of a webhook URL: the URL is a secret and stays on this computer. */
export const URL_NOT_EXPORTED = 'not exported: webhook URLs are secrets; enter it again in Settings → Alerts'

/**
 * The sinks of a file being imported, without any URL in them: the file never carries one (export leaves it
 * out), a hand-made one is not taken into settings, where it would sit in plain text; each sink's URL stays
 * where it is, in the secrets file under the sink's id.
 */
function withoutUrls(settings: unknown): unknown {
  if (typeof settings !== 'object' || settings === null || !('webhooks' in settings) || !Array.isArray(settings.webhooks)) return settings
  const webhooks = settings.webhooks.map((w: unknown) => {
    if (typeof w !== 'object' || w === null) return w
    const { url: _url, ...rest } = w as Record<string, unknown>
    return rest
  })
  return { ...settings, webhooks }
}

/**
 * What an export says in place of a chain-check RPC URL that may carry a key (an Infura/Alchemy key in the
 * path, an `?apikey=`): the marker, then the URL as every log shows it, so the reader still sees which node
 * it was. Unlike webhook URLs these live in settings.json (the checker reads them with the profile), so
 * keeping them out of the export is the one guard needed; a URL redaction leaves unchanged carries nothing
 * of a key and is exported as it is, so a shared file still brings the public nodes along.
 */
export const RPC_NOT_EXPORTED = 'not exported (it may carry a key; enter it again in the profile): '

/** Whether redaction leaves the URL as it is (compared in its normal form: `https://host` is `https://host/`). */
function carriesNothingSecret(url: string): boolean {
  try {
    return redactUrl(url) === new URL(url).href
  } catch {
    return false
  }
}

/** A URL as an export writes it: as it is when redaction would change nothing, else the marker and its redacted form. */
function exportedUrl(url: string): string {
  return url === '' || carriesNothingSecret(url) ? url : `${RPC_NOT_EXPORTED}${redactUrl(url)}`
}

/** The URL fields of a profile an export may hold a key in (a base URL with ?apikey=, an RPC with /v3/<key>, …). */
const URL_FIELDS = ['baseUrl', 'tokensUrl', 'tssUrl'] as const

/** A profile as an export writes it: every URL that may carry a key replaced by the marker. */
function exportedProfile(profile: Profile): Profile {
  const out: Profile = { ...profile, rpcUrls: profile.rpcUrls.map(exportedUrl) }
  for (const field of URL_FIELDS) {
    const url = profile[field]
    if (typeof url === 'string') out[field] = exportedUrl(url)
  }
  const rpc = profile.chainCheck?.rpc
  if (!profile.chainCheck || !rpc) return out
  return { ...out, chainCheck: { ...profile.chainCheck, rpc: Object.fromEntries(Object.entries(rpc).map(([chain, url]) => [chain, exportedUrl(url)])) } }
}

/** A marked URL's stored original among `stored` (the one whose marker it is), or null; an unmarked value as it is. */
function restoredUrl(value: unknown, stored: readonly (string | undefined)[]): unknown {
  if (typeof value !== 'string' || !value.startsWith(RPC_NOT_EXPORTED)) return value
  return stored.find((s) => s !== undefined && exportedUrl(s) === value) ?? null
}

/**
 * The profiles of a file being imported, each marked URL (base, tokens and TSS URLs, node URLs, chain-check
 * RPCs) put back from what this computer stores for the same profile id (and chain id) — so importing one's own export loses no key, as webhook URLs are kept. A
 * marked RPC with nothing stored to put back is dropped: that chain is checked through the service's RPC
 * until the user enters theirs again (the marker is no URL and must not be used as one).
 */
function withStoredRpcs(settings: unknown, stored: Settings, dropped: string[]): unknown {
  if (typeof settings !== 'object' || settings === null || !('profiles' in settings) || !Array.isArray(settings.profiles)) return settings
  const profiles = settings.profiles.map((p: unknown) => {
    if (typeof p !== 'object' || p === null) return p
    const profile = { ...(p as Record<string, unknown>) }
    const kept = stored.profiles.find((s) => s.id === profile.id)
    const named = typeof profile.name === 'string' ? `"${profile.name}"` : 'a profile'
    for (const field of URL_FIELDS) {
      if (!(field in profile)) continue
      const url = restoredUrl(profile[field], [kept?.[field]])
      if (url !== null) profile[field] = url
      else {
        profile[field] = ''
        dropped.push(`${field} of ${named}: not in the file (it may carry a key); enter it again in the profile`)
      }
    }
    if (Array.isArray(profile.rpcUrls)) {
      const urls = profile.rpcUrls.map((u: unknown) => restoredUrl(u, kept?.rpcUrls ?? []))
      if (urls.includes(null)) dropped.push(`Node URLs of ${named}: ${urls.filter((u) => u === null).length} not in the file (they may carry a key); enter them again in the profile`)
      profile.rpcUrls = urls.filter((u) => u !== null)
    }
    const check = profile.chainCheck
    if (typeof check !== 'object' || check === null || !('rpc' in check) || typeof check.rpc !== 'object' || check.rpc === null) return profile
    const mine = kept?.chainCheck?.rpc ?? {}
    const rpc: Record<string, unknown> = {}
    for (const [chain, url] of Object.entries(check.rpc)) {
      if (typeof url !== 'string' || !url.startsWith(RPC_NOT_EXPORTED)) rpc[chain] = url
      else if (Object.hasOwn(mine, chain)) rpc[chain] = mine[chain]
      else dropped.push(`Chain-check RPC for chain ${chain} of ${named}: not in the file (it may carry a key); the service's RPC is used until you enter it again`)
    }
    return { ...profile, chainCheck: { ...check, rpc } }
  })
  return { ...settings, profiles }
}

/** The fields an input names (an absent or undefined field is not a change). */
function defined(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
}

/** The demo profile is always there, and the active profile always exists. */
/**
 * The list with the entry `same` picks made again from what was stored (moved to the end, as the newest), or
 * a new entry made and added: one watched item per key.
 */
function upsert<T>(list: readonly T[], same: (item: T) => boolean, make: (stored: T | undefined) => T): T[] {
  const stored = list.find(same)
  return [...list.filter((item) => item !== stored), make(stored)]
}

function withDemoAndActive(s: Settings): Settings {
  const profiles = s.profiles.some((p) => p.id === DEMO_PROFILE_ID) ? s.profiles : [demoProfile(), ...s.profiles]
  const activeProfileId = profiles.some((p) => p.id === s.activeProfileId) ? s.activeProfileId : DEMO_PROFILE_ID
  return profiles === s.profiles && activeProfileId === s.activeProfileId ? s : { ...s, profiles, activeProfileId }
}

export class SettingsRepo {
  private readonly listeners = new Set<(s: Settings) => void>()

  constructor(
    private readonly settings: DocumentStore<Settings>,
    private readonly watchlists: DocumentStore<Watchlists>
  ) {
    // The demo profile is part of the app, not of the user's data: put it back if a file lost it.
    const s = settings.get()
    if (!settings.readOnly && (!s.profiles.some((p) => p.id === DEMO_PROFILE_ID) || !s.profiles.some((p) => p.id === s.activeProfileId))) {
      settings.update(withDemoAndActive)
    }
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Every change is applied to the document as it is on disk now (another instance may have written). */
  private commit(change: (current: Settings) => Settings): Settings {
    const saved = this.settings.update(change)
    for (const l of this.listeners) l(saved)
    return saved
  }

  get(): Settings {
    return withDemoAndActive(this.settings.get())
  }

  /** Why changes are refused (a settings file from a newer version), or null. */
  get readOnly(): string | null {
    return this.settings.readOnly
  }

  /** A change of the settings document under its lock (the Alerts' sinks); listeners hear of it. */
  modify(change: (current: Settings) => Settings): Settings {
    return this.commit(change)
  }

  activeProfile(): Profile {
    const s = this.get()
    return s.profiles.find((p) => p.id === s.activeProfileId) ?? demoProfile()
  }

  /** Applies a merge patch: every setting the patch does not name keeps its value. */
  update(patch: SettingsPatch): Settings {
    return this.commit((current) => {
      const result = settingsSchema.safeParse(applyMergePatch(current, patch))
      if (!result.success) throw new AppError({ kind: 'input', ...firstIssue(result.error) })
      return result.data
    })
  }

  saveProfile(input: ProfileInput): Settings {
    if (input.id === DEMO_PROFILE_ID || input.kind === 'demo') {
      throw new AppError({ kind: 'input', message: 'The Demo network profile is built in and cannot be changed.', field: 'id' })
    }
    const id = input.id ?? randomUUID()
    return this.commit((s) => {
      // An edit changes what it names: fields it leaves out (timeout, page size, fields of a newer version)
      // keep their stored values; a new profile gets the defaults.
      const stored = s.profiles.find((p) => p.id === id)
      const parsed = profileSchema.safeParse({ ...stored, ...defined(input), id, kind: 'custom' })
      if (!parsed.success) throw new AppError({ kind: 'input', ...firstIssue(parsed.error) })
      const profile = parsed.data
      if (!profile.baseUrl) throw new AppError({ kind: 'input', message: 'baseUrl: a base URL is required', field: 'baseUrl' })
      if (s.profiles.some((p) => p.id !== profile.id && p.name.toLowerCase() === profile.name.toLowerCase())) {
        throw new AppError({ kind: 'input', message: `name: a profile named "${profile.name}" already exists`, field: 'name' })
      }
      const exists = s.profiles.some((p) => p.id === profile.id)
      const profiles = exists ? s.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...s.profiles, profile]
      return { ...s, profiles }
    })
  }

  /**
   * The demo network speaks every dialect from the same transfers, so its profile's one changeable choice is
   * which one it speaks: everything else of the built-in profile stays as the app made it.
   */
  setDemoDialect(dialect: Dialect): Settings {
    return this.commit((s) => ({
      ...s,
      profiles: s.profiles.map((p) => (p.id === DEMO_PROFILE_ID ? { ...p, dialect } : p))
    }))
  }

  deleteProfile(id: string): Settings {
    if (id === DEMO_PROFILE_ID) {
      throw new AppError({ kind: 'input', message: 'The Demo network profile is built in and cannot be deleted.', field: 'id' })
    }
    return this.commit((s) => {
      if (!s.profiles.some((p) => p.id === id)) throw new AppError({ kind: 'input', message: `No profile with id ${id}.`, field: 'id' })
      return {
        ...s,
        profiles: s.profiles.filter((p) => p.id !== id),
        activeProfileId: s.activeProfileId === id ? DEMO_PROFILE_ID : s.activeProfileId
      }
    })
  }

  activate(id: string): Settings {
    return this.commit((s) => {
      if (!s.profiles.some((p) => p.id === id)) throw new AppError({ kind: 'input', message: `No profile with id ${id}.`, field: 'id' })
      return { ...s, activeProfileId: id }
    })
  }

  getWatchlists(): Watchlists {
    return this.watchlists.get()
  }

  /** The watchlists as `profileId` sees them: an address watched for another profile only is left out. */
  watchlistsFor(profileId: string): Watchlists {
    const w = this.watchlists.get()
    return { ...w, addresses: w.addresses.filter((a) => a.profileId === undefined || a.profileId === profileId) }
  }

  /**
   * Adds an entry, or updates the one with the same key: fields the item leaves out (a label, when it was
   * first watched) keep their stored values; a new entry gets the defaults.
   */
  addWatch(kind: WatchKind, item: Record<string, unknown>): Watchlists {
    const given = defined(item)
    const { addresses, transfers, epochs } = watchlistsSchema.shape
    if (kind === 'address') {
      const address = String(given.address ?? '').toLowerCase()
      return this.watchlists.update((w) => ({
        ...w,
        // watched again without a profile (by a person, from any profile): it is watched everywhere from now on
        addresses: upsert(w.addresses, (a) => a.address.toLowerCase() === address, (stored) => addresses.unwrap().element.parse({ ...unscoped(stored, given), ...given, address }))
      }))
    }
    if (kind === 'transfer') {
      const txHash = String(given.txHash ?? '').toLowerCase()
      return this.watchlists.update((w) => ({
        ...w,
        transfers: upsert(w.transfers, (t) => t.txHash.toLowerCase() === txHash, (stored) => transfers.unwrap().element.parse({ ...stored, ...given, txHash }))
      }))
    }
    return this.watchlists.update((w) => ({
      ...w,
      epochs: upsert(w.epochs, (e) => e.epoch === given.epoch, (stored) => epochs.unwrap().element.parse({ ...stored, ...given }))
    }))
  }

  /** Watches an address on one more chain: the stored entry keeps its label and chains, or a new one is made. */
  addWatchedChain(address: string, chainId: number): Watchlists {
    const key = address.toLowerCase()
    const entry = watchlistsSchema.shape.addresses.unwrap().element
    return this.watchlists.update((w) => ({
      ...w,
      addresses: upsert(
        w.addresses,
        (a) => a.address.toLowerCase() === key,
        (stored) => entry.parse({ ...unscoped(stored, {}), address: key, chainIds: [...new Set([...(stored?.chainIds ?? []), chainId])] })
      )
    }))
  }

  removeWatch(kind: WatchKind, key: string): Watchlists {
    const k = key.toLowerCase()
    return this.watchlists.update((w) =>
      kind === 'address'
        ? { ...w, addresses: w.addresses.filter((a) => a.address.toLowerCase() !== k) }
        : kind === 'transfer'
          ? { ...w, transfers: w.transfers.filter((t) => t.txHash.toLowerCase() !== k) }
          : { ...w, epochs: w.epochs.filter((e) => e.epoch !== k) }
    )
  }

  exportText(now = new Date()): { filename: string; content: string } {
    const current = this.get()
    const settings = { ...current, profiles: current.profiles.map(exportedProfile), webhooks: current.webhooks.map((w) => ({ ...w, url: URL_NOT_EXPORTED })) }
    const file = { app: 'bridgescope', exportedAt: now.toISOString(), settings, watchlists: this.getWatchlists() }
    return { filename: `bridgescope-settings-${now.toISOString().slice(0, 10)}.json`, content: JSON.stringify(file, null, 2) }
  }

  /** All or nothing: an invalid file changes neither document and names what was wrong. */
  importText(content: string, opts: { dryRun?: boolean } = {}): { settings: Settings; watchlists: Watchlists; changes: string[] } {
    let raw: unknown
    try {
      raw = JSON.parse(content)
    } catch (error) {
      throw new AppError({ kind: 'input', message: `The file is not JSON: ${(error as Error).message}` })
    }
    let candidate: unknown = raw
    const dropped: string[] = []
    if (typeof raw === 'object' && raw !== null && 'settings' in raw) {
      try {
        candidate = { ...raw, settings: withStoredRpcs(withoutUrls(migrateSettings((raw as { settings: unknown }).settings)), this.get(), dropped) }
      } catch (error) {
        throw new AppError({ kind: 'input', message: `The settings in the file cannot be used: ${(error as Error).message}` })
      }
    }
    const parsed = exportFileSchema.safeParse(candidate)
    if (!parsed.success) {
      const issue = firstIssue(parsed.error)
      throw new AppError({ kind: 'input', message: `The file is not a Bridgescope export: ${issue.message}`, ...(issue.field ? { field: issue.field } : {}) })
    }
    const { settings, watchlists } = parsed.data
    const readOnly = this.settings.readOnly ?? this.watchlists.readOnly
    if (readOnly) throw new AppError({ kind: 'input', message: readOnly })
    const next = withDemoAndActive(settings)
    const changes = [...importChanges({ settings: this.get(), watchlists: this.getWatchlists() }, { settings: next, watchlists }), ...dropped]
    if (opts.dryRun) return { settings: next, watchlists, changes }
    this.watchlists.set(watchlists)
    this.commit(() => next)
    return { settings: this.get(), watchlists: this.getWatchlists(), changes }
  }
}

/** A stored address entry without its profile scope unless `given` names one: a person's own watch holds on every profile. */
function unscoped<T extends { profileId?: string | undefined }>(stored: T | undefined, given: Record<string, unknown>): Omit<T, 'profileId'> | T | undefined {
  if (!stored || given.profileId !== undefined) return stored
  const { profileId: _scope, ...rest } = stored
  return rest
}
