/**
 * Escape closes the top dialog before any toast (docs/product.md#dialogs). Radix gives Escape to the
 * newest dismissable layer only, and a toast is one: raised over an open dialog, it would take the
 * press and leave the dialog open. So every open dialog and sheet registers its close button here,
 * newest last, and a toast hands Escape to the top one (closeTopDialog) while any is open.
 */
const closers: Array<() => void> = []

/**
 * A ref callback for a dialog's close button: while the button is mounted (the dialog is open), a
 * click on it is that dialog's Escape, so it closes as its own close button does (asking first
 * when its form holds unsaved input).
 */
export function registerCloseButton(button: HTMLButtonElement | null) {
  if (!button) return
  const close = () => button.click()
  closers.push(close)
  return () => {
    const at = closers.lastIndexOf(close)
    if (at >= 0) closers.splice(at, 1)
  }
}

/** Closes the most recently opened dialog or sheet still open; false when none is. */
export function closeTopDialog() {
  const top = closers.at(-1)
  top?.()
  return top !== undefined
}
