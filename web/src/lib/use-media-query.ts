import * as React from 'react'

/** True while the media query matches; follows changes (window resize, rotation). */
export function useMediaQuery(query: string) {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** The desktop layout starts at Tailwind's `md` breakpoint (768 px), like the sidebar. */
export const DESKTOP_QUERY = '(min-width: 768px)'

export function useIsDesktop() {
  return useMediaQuery(DESKTOP_QUERY)
}
