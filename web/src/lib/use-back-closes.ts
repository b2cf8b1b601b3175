import * as React from 'react'

/** The key, in history.state, of the entry an open dialog pushed: its depth (1 = the first dialog open). */
export const DIALOG_STATE_KEY = 'propmatchDialog'

function depthOf(state: unknown): number {
  const value = (state as Record<string, unknown> | null)?.[DIALOG_STATE_KEY]
  return typeof value === 'number' ? value : 0
}

/** How many dialog entries lie under the current history entry. */
export function currentDialogDepth() {
  return depthOf(window.history.state)
}

let pushPatched = false

/**
 * A navigation from inside an open dialog (a link in the menu, say) replaces the dialog's history
 * entry instead of stacking on it, so Back from the new page goes straight to the page the dialog
 * was on, not to an invisible copy of it.
 */
function replaceDialogEntriesOnNavigation() {
  if (pushPatched) return
  pushPatched = true
  const history = window.history
  const push = history.pushState.bind(history)
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    if (currentDialogDepth() > 0 && depthOf(state) === 0) history.replaceState(state, unused, url)
    else push(state, unused, url)
  }
}

let pendingBack: Promise<void> | null = null

/** Takes a closed dialog's entry off; a dialog opening meanwhile waits for it (see useBackCloses). */
function dropEntry() {
  pendingBack = new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done)
      clearTimeout(timer)
      pendingBack = null
      resolve()
    }
    window.addEventListener('popstate', done)
    const timer = setTimeout(done, 1000) // never wait forever for a popstate that does not come
    window.history.back()
  })
}

/**
 * Back closes the dialog (docs/product.md#dialogs): while `open`, a history entry with the same
 * URL is pushed; Back (popstate to an entry below it) calls `requestClose`. If that returns false
 * (say, the form asks first), the entry is pushed again so the next Back asks again. Closing the
 * dialog any other way takes its entry off again, so Back then leaves the page as usual. Dialogs
 * opened over dialogs stack: Back closes the top one only. A dialog opened while another's entry
 * is being taken off (close one, open the next) waits for that first.
 */
export function useBackCloses(open: boolean, requestClose: () => boolean) {
  const requestCloseRef = React.useRef(requestClose)
  React.useEffect(() => {
    requestCloseRef.current = requestClose
  })
  React.useEffect(() => {
    if (!open) return
    replaceDialogEntriesOnNavigation()
    let cancelled = false
    let depth = 0
    let popped = false
    const push = () => window.history.pushState({ ...(window.history.state as object | null), [DIALOG_STATE_KEY]: depth }, '')
    const onPopState = (event: PopStateEvent) => {
      if (popped || depthOf(event.state) >= depth) return
      if (requestCloseRef.current()) popped = true
      else push()
    }
    const start = () => {
      if (cancelled) return
      depth = currentDialogDepth() + 1
      push()
      window.addEventListener('popstate', onPopState)
    }
    if (pendingBack) void pendingBack.then(start)
    else start()
    return () => {
      cancelled = true
      window.removeEventListener('popstate', onPopState)
      // Closed by a button, Escape or a save: drop our entry if it is still the current one
      // (after a navigation it is not, and going back would undo the navigation).
      if (depth > 0 && !popped && depthOf(window.history.state) === depth) dropEntry()
    }
  }, [open])
}
