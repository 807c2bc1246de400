// One ticking clock for every relative time on screen ("12 s ago"): one timer for the whole app, not one per
// row. It starts with the first reader and ticks once a second.
class Clock {
  #now = $state(Date.now())
  #timer: ReturnType<typeof setInterval> | null = null

  /** the current time, re-read by every $derived / template that uses it on each tick */
  get now(): number {
    if (this.#timer === null && typeof window !== 'undefined') {
      this.#timer = setInterval(() => (this.#now = Date.now()), 1000)
    }
    return this.#now
  }
}

export const clock = new Clock()
