import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { THEME_STORAGE_KEY, bootTheme, isLightOnlyPath, resolveTheme, storedTheme, useTheme } from '@/lib/theme'

/** A matchMedia whose prefers-color-scheme answer the test sets and changes. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>()
  const media = {
    get matches() {
      return dark
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }
  vi.stubGlobal('matchMedia', () => media)
  return {
    set(next: boolean) {
      dark = next
      listeners.forEach((fn) => fn())
    },
    listeners,
  }
}

const root = document.documentElement
const isDark = () => root.classList.contains('dark')

beforeEach(() => {
  localStorage.clear()
  root.classList.remove('dark')
  root.style.colorScheme = ''
})
afterEach(() => vi.unstubAllGlobals())

describe('theme', () => {
  it('resolves system from the device and keeps light and dark', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
    expect(resolveTheme('light', true)).toBe('light')
  })

  it('reads only a known stored choice', () => {
    expect(storedTheme()).toBeNull()
    localStorage.setItem(THEME_STORAGE_KEY, 'purple')
    expect(storedTheme()).toBeNull()
    localStorage.setItem(THEME_STORAGE_KEY, 'dark')
    expect(storedTheme()).toBe('dark')
    expect(
      storedTheme({
        getItem: () => {
          throw new Error('denied')
        },
      }),
    ).toBeNull()
  })

  it('opens a signed-in page in the stored choice at start-up, but never the landing or sign-in page', () => {
    fakeDevice(false)
    localStorage.setItem(THEME_STORAGE_KEY, 'dark')
    bootTheme('/auth')
    expect(isDark()).toBe(false)
    bootTheme('/')
    expect(isDark()).toBe(false)
    bootTheme('/dashboard')
    expect(isDark()).toBe(true)
    expect(root.style.colorScheme).toBe('dark')
    expect(isLightOnlyPath('/landing')).toBe(true)
    expect(isLightOnlyPath('/certificates/PM-2026-ABCD')).toBe(true)
    expect(isLightOnlyPath('/help')).toBe(false)
  })

  it('shows the choice, stores it, follows the device for system, and goes back to light when unmounted', () => {
    const device = fakeDevice(false)
    const { rerender, unmount } = renderHook(({ choice }) => useTheme(choice), {
      initialProps: { choice: 'dark' as 'dark' | 'light' | 'system' | undefined },
    })
    expect(isDark()).toBe(true)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')

    rerender({ choice: 'system' })
    expect(isDark()).toBe(false)
    device.set(true)
    expect(isDark()).toBe(true)
    device.set(false)
    expect(isDark()).toBe(false)

    rerender({ choice: 'light' })
    expect(device.listeners.size).toBe(0) // no longer following the device
    device.set(true)
    expect(isDark()).toBe(false)

    rerender({ choice: 'dark' })
    unmount()
    expect(isDark()).toBe(false)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
  })

  it('uses the stored copy until the saved choice has loaded', () => {
    fakeDevice(false)
    localStorage.setItem(THEME_STORAGE_KEY, 'dark')
    renderHook(() => useTheme(undefined))
    expect(isDark()).toBe(true)
  })
})
