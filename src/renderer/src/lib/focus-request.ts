// A view that leads the user to another (the Transfers table opening a transfer) asks for the focus to follow;
// the shell moves it into the next view once the route has changed (App.svelte, lib/focus-view.ts). A view
// cannot move it itself: focus-view loads the views' chunks, and a view importing that would import itself.
let pending = false

export function requestViewFocus(): void {
  pending = true
}

/** True once after a request: the shell calls this when the view changes. */
export function takeViewFocusRequest(): boolean {
  const was = pending
  pending = false
  return was
}
