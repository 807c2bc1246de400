// The chain icons the Transfers table draws: one image of our own per icon, kept while the page lives, tells
// the table which icons failed to load, and those are drawn as the chain's abbreviation.
// Scrolling draws a few new rows a frame, each with two <img>s. An icon that failed (its host down, offline,
// refused) was asked for again by every new row and drawn as nothing: in the bench, whose network names icons
// main refuses, 532 requests in a three-second scroll, a fifth of the page's main-thread time, and frames two
// and three display frames long. Now a failed icon is not asked for again until it may be tried again. (A
// loaded icon was already answered from memory while rows on screen held it; the kept image holds it when
// none does.)
import { SvelteSet } from 'svelte/reactivity'

/** a history spans a few dozen chains; past this an icon is drawn as before, just not kept */
const MAX_KEPT = 64
/** a failed icon is tried again after this long (its host may be back) */
const RETRY_MS = 5 * 60_000

// not state: holding the images is its whole job, and nothing is drawn from it
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const kept = new Map<string, HTMLImageElement>()
const failed = new SvelteSet<string>()

/** `url` to draw, after making sure an image of it is kept loaded; null while it is known not to load. */
export function keptIcon(url: string | null): string | null {
  if (url === null || failed.has(url)) return null
  if (kept.has(url) || kept.size >= MAX_KEPT || typeof Image === 'undefined') return url
  const img = new Image()
  img.referrerPolicy = 'no-referrer'
  img.onerror = () => {
    failed.add(url)
    setTimeout(() => {
      kept.delete(url)
      failed.delete(url)
    }, RETRY_MS)
  }
  img.src = url
  kept.set(url, img)
  return url
}
