import * as React from 'react'

/**
 * Mounts a lazily loaded dialog from its first opening on, and keeps it mounted afterwards so it
 * can animate closed. Its code (forms with zod, react-hook-form, the phone validator) is then
 * downloaded only when the agent opens it (docs/performance.md#web-bundle).
 */
export function OnceOpened({ open, children }: { open: boolean; children: React.ReactNode }) {
  const [opened, setOpened] = React.useState(open)
  if (open && !opened) setOpened(true)
  return opened ? <React.Suspense fallback={null}>{children}</React.Suspense> : null
}
