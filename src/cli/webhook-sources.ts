// Where a headless watch's webhook URLs come from besides `--webhook URL`: a file (`--webhook-file PATH`) and
// the environment (`BRIDGESCOPE_WEBHOOKS`). A webhook URL is a secret (its path or query is the receiver's
// token), and a flag's value is readable by every user of the machine through `ps` and /proc; a file of mode
// 0600, a systemd credential (LoadCredential=) or an EnvironmentFile= is not. All three are read before the
// watch starts: a line that is not a webhook URL stops it with the line named, and nothing is half-started.
import { readFileSync, statSync } from 'node:fs'
import { webhookUrlHint } from '@shared/redact'
import { webhookUrlSchema } from '@shared/schemas/settings'
import { UsageError } from './command-line'

export const WEBHOOKS_VARIABLE = 'BRIDGESCOPE_WEBHOOKS'

/** What `--webhook-file` read: its URLs, and whether others than its owner and group may read it. */
export interface WebhookFile {
  path: string
  urls: string[]
  worldReadable: boolean
}

/** One webhook URL as `--webhook` takes it, or a UsageError saying where the bad one was (never its token). */
export function webhookUrl(text: string, where: string): string {
  const url = webhookUrlSchema.safeParse(text)
  if (!text || !url.success) throw new UsageError(`${where} takes an http(s) URL (${url.error?.issues[0]?.message ?? 'none given'}), got ${text ? webhookUrlHint(text) : 'nothing'}`)
  return url.data
}

/**
 * The URLs of a list: one per line; blank lines and lines starting with `#` are skipped, spaces around a URL
 * are not part of it. `source` names the list in an error ("--webhook-file /etc/x line 3").
 */
export function webhookList(text: string, source: string, unit = 'line'): string[] {
  const urls: string[] = []
  text.split(/\r?\n/).forEach((line, i) => {
    const entry = line.trim()
    if (entry === '' || entry.startsWith('#')) return
    urls.push(webhookUrl(entry, `${source} ${unit} ${i + 1}`))
  })
  return urls
}

/** `--webhook-file PATH`: read at once, so a missing file or a bad line is a usage error before anything runs. */
export function readWebhookFile(path: string | undefined): WebhookFile {
  if (!path) throw new UsageError('--webhook-file needs a path (a file with one webhook URL per line)')
  let text: string
  let mode: number
  try {
    mode = statSync(path).mode
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    throw new UsageError(`--webhook-file ${path}: cannot read it (${code})`)
  }
  return { path, urls: webhookList(text, `--webhook-file ${path}`), worldReadable: (mode & 0o004) !== 0 }
}

/** The URLs BRIDGESCOPE_WEBHOOKS names, separated by spaces or newlines (none when it is unset or blank). */
export function webhooksFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  // an EnvironmentFile= holds one line per variable: there, several URLs are separated by spaces
  const entries = (env[WEBHOOKS_VARIABLE] ?? '').split(/\s+/).filter((e) => e !== '')
  return webhookList(entries.join('\n'), WEBHOOKS_VARIABLE, 'entry')
}

/**
 * Every webhook a watch posts to: its --webhook flags, its --webhook-file and BRIDGESCOPE_WEBHOOKS, each URL
 * once; `warn` hears of a file anyone on the machine may read.
 */
export function webhookUrls(
  given: { webhook?: readonly string[]; 'webhook-file'?: WebhookFile },
  env: Readonly<Record<string, string | undefined>>,
  warn: (text: string) => void
): string[] {
  const file = given['webhook-file']
  if (file?.worldReadable) warn(`warning: --webhook-file ${file.path} is readable by every user of this machine; its URLs are secrets (chmod 600 it)\n`)
  return [...new Set([...(given.webhook ?? []), ...(file?.urls ?? []), ...webhooksFromEnv(env)])]
}
