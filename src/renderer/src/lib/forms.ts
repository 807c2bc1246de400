// A form's submit in this app never reloads the page: the handler stops the browser's own submit and runs
// the action (a save, an add, a comparison) itself.
export function onSubmit(act: () => unknown): (e: SubmitEvent) => void {
  return (e) => {
    e.preventDefault()
    void act()
  }
}

/**
 * Keys of a form with several fields (Settings' profile form): Enter in a one-line field moves to the next
 * field instead of saving a half-filled form behind the user's back; Ctrl+Enter (⌘+Enter) saves from any
 * field. Enter keeps its own meaning in a text area (a new line) and on buttons (press them).
 */
export function multiFieldKeys(save: () => unknown): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key !== 'Enter' || e.isComposing) return
    const target = e.target
    if (!(target instanceof HTMLElement)) return
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault()
      void save()
      return
    }
    if (!(target instanceof HTMLInputElement) || ['checkbox', 'radio', 'submit', 'button'].includes(target.type)) return
    e.preventDefault()
    const form = target.form
    if (!form) return
    const fields = [...form.querySelectorAll<HTMLElement>('input, textarea, select')].filter((el) => !(el as HTMLInputElement).disabled)
    const next = fields[fields.indexOf(target) + 1]
    next?.focus()
  }
}
