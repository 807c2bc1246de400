// A form's submit in this app never reloads the page: the handler stops the browser's own submit and runs
// the action (a save, an add, a comparison) itself.
export function onSubmit(act: () => unknown): (e: SubmitEvent) => void {
  return (e) => {
    e.preventDefault()
    void act()
  }
}
