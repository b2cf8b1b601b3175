import * as React from 'react'

/**
 * Whole seconds left until a deadline, ticking every second. `start(seconds)` sets a new deadline and
 * `stop()` clears it. The count is taken from the deadline, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const [deadline, setDeadline] = React.useState<number | null>(null)
  const [now, setNow] = React.useState(() => Date.now())

  React.useEffect(() => {
    if (deadline === null) return
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= deadline) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])

  const start = React.useCallback((seconds: number) => {
    const t = Date.now()
    setNow(t)
    setDeadline(t + seconds * 1000)
  }, [])
  const stop = React.useCallback(() => setDeadline(null), [])

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000))
  return { secondsLeft, start, stop }
}
