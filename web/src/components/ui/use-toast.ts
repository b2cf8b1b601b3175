import * as React from 'react'

/** One toast visible at a time (docs/product.md#toasts). */
export const TOAST_LIMIT = 1
/** A dismissed toast is removed from memory after a very long delay (docs/product.md#toasts). */
export const TOAST_REMOVE_DELAY = 1_000_000
/** Default time a toast stays on screen. */
export const TOAST_DURATION = 5000

export type ToastVariant = 'default' | 'destructive' | 'success'

export type ToastInput = {
  title?: React.ReactNode
  description?: React.ReactNode
  variant?: ToastVariant
  action?: React.ReactNode
  duration?: number
}

export type ToasterToast = ToastInput & {
  id: string
  open: boolean
}

type State = { toasts: ToasterToast[] }

let count = 0
let memoryState: State = { toasts: [] }
const listeners = new Set<(state: State) => void>()
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>()

function setState(next: State) {
  memoryState = next
  listeners.forEach((listener) => listener(memoryState))
}

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id)
      setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) })
    }, TOAST_REMOVE_DELAY),
  )
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  memoryState.toasts.forEach((t) => {
    if (!id || t.id === id) scheduleRemoval(t.id)
  })
  setState({
    toasts: memoryState.toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)),
  })
}

/** Shows a toast; the newest replaces the one on screen. Returns its id and a dismiss function. */
export function toast(input: ToastInput) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER
  const id = String(count)
  setState({ toasts: [{ ...input, id, open: true }, ...memoryState.toasts].slice(0, TOAST_LIMIT) })
  return { id, dismiss: () => dismissToast(id) }
}

/** Clears every toast at once (used between tests). */
export function resetToasts() {
  removeTimeouts.forEach((timeout) => clearTimeout(timeout))
  removeTimeouts.clear()
  setState({ toasts: [] })
}

/** Subscribes a component to the toast list. */
export function useToast() {
  const [state, setLocal] = React.useState(memoryState)
  React.useEffect(() => {
    listeners.add(setLocal)
    return () => {
      listeners.delete(setLocal)
    }
  }, [])
  return { ...state, toast, dismiss: dismissToast }
}
