import * as React from 'react'
import { paths } from '@/app/paths'

/** The agent's theme choice (Settings → App Preferences); 'system' follows the device. */
export type ThemeChoice = 'light' | 'dark' | 'system'
/** What is on screen. */
export type Scheme = 'light' | 'dark'

/** The device's copy of the last choice, read at start-up so a signed-in page opens in it without a flash. */
export const THEME_STORAGE_KEY = 'propmatch-theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'

export function isThemeChoice(v: unknown): v is ThemeChoice {
  return v === 'light' || v === 'dark' || v === 'system'
}

/** The scheme a choice shows: 'system' is dark when the device prefers dark. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): Scheme {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice
}

/** Whether the device prefers a dark scheme now. */
export function devicePrefersDark() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
}

/** Shows scheme: the 'dark' class on <html> (styles/tokens.css) and the browser's own colour scheme. */
export function applyScheme(scheme: Scheme, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', scheme === 'dark')
  root.style.colorScheme = scheme
}

/** The device's copy of the choice, or null (none, unreadable storage, or an unknown value). */
export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): ThemeChoice | null {
  try {
    const v = storage?.getItem(THEME_STORAGE_KEY)
    return isThemeChoice(v) ? v : null
  } catch {
    return null
  }
}

function storeTheme(choice: ThemeChoice) {
  try {
    safeStorage()?.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Private mode or a full quota: the server keeps the choice anyway.
  }
}

function safeStorage() {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

/** The public pages (landing, sign-in, certificate verification) stay light whatever the choice. */
export function isLightOnlyPath(pathname: string) {
  return (
    pathname === paths.home.path ||
    pathname === paths.landing.path ||
    pathname === paths.auth.path ||
    pathname.startsWith(`${paths.auth.path}/`) ||
    pathname.startsWith(paths.certificate.prefix)
  )
}

/** At start-up, before the first render: a signed-in page opens in the device's copy of the choice. */
export function bootTheme(pathname = window.location.pathname) {
  const choice = storedTheme()
  if (choice && !isLightOnlyPath(pathname)) applyScheme(resolveTheme(choice, devicePrefersDark()))
}

/**
 * Shows choice while the calling component is mounted (the signed-in shell, the help page), following the
 * device live for 'system', and keeps the device's copy; undefined (not loaded yet) uses that copy. Unmounting
 * (signing out, leaving for a public page) goes back to light.
 */
export function useTheme(choice: ThemeChoice | undefined) {
  const effective = choice ?? storedTheme() ?? 'light'
  React.useEffect(() => {
    if (choice) storeTheme(choice)
    const show = () => applyScheme(resolveTheme(effective, devicePrefersDark()))
    show()
    const media = effective === 'system' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
    media?.addEventListener('change', show)
    return () => {
      media?.removeEventListener('change', show)
      applyScheme('light')
    }
  }, [choice, effective])
}
