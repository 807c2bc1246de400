// A text input's value, and the same value once typing has paused: searches run on the second, so a long
// list is filtered once per pause rather than once per key.
export class Debounced {
  input = $state('')
  value = $state('')
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly delayMs = 200) {}

  set(text: string): void {
    this.input = text
    clearTimeout(this.timer)
    this.timer = setTimeout(() => (this.value = text), this.delayMs)
  }

  /** Apply at once (Enter, clear button). */
  flush(text = this.input): void {
    clearTimeout(this.timer)
    this.input = text
    this.value = text
  }

  dispose(): void {
    clearTimeout(this.timer)
  }
}
