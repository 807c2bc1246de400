// Moves keyboard focus into the current view (its h1), so after the skip link or the command palette a
// keyboard or screen-reader user starts where the content is, not back on the control they left (14.9).
import { tick } from 'svelte'

export async function focusView(): Promise<void> {
  await tick()
  const heading = document.querySelector<HTMLElement>('main h1')
  const target = heading ?? document.querySelector<HTMLElement>('main')
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus()
}
