// Moves keyboard focus into the current view (its h1), so after the skip link or the command palette a
// keyboard or screen-reader user starts where the content is, not back on the control they left.
import { tick } from 'svelte'
import { router } from './router.svelte'
import { views } from './views.svelte'

export async function focusView(): Promise<void> {
  // a view whose chunk is still on its way has no heading yet
  await views.load(router.current.view).catch(() => undefined)
  await tick()
  const heading = document.querySelector<HTMLElement>('main h1')
  const target = heading ?? document.querySelector<HTMLElement>('main')
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus()
}
