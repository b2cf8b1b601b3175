import * as React from 'react'
import { isChunkLoadError, reloadOnceForChunk } from '@/lib/chunk-reload'
import { ChunkErrorFallback, MobileErrorNotice, PageErrorFallback } from '@/components/errors/error-fallbacks'

type ErrorBoundaryProps = {
  children: React.ReactNode
  /** 'app': the outermost boundary (mobile error notice on phones); 'route': one page. */
  level: 'app' | 'route'
  /** A change (the path) clears the error, so leaving a broken page works. */
  resetKey?: string
  /** Whether the device counts as mobile for the error notice; read once per error. */
  isMobile?: () => boolean
}

type ErrorBoundaryState = { error: Error | null; reloading: boolean }

const mobileQuery = '(max-width: 767px)'
const defaultIsMobile = () => typeof window.matchMedia === 'function' && window.matchMedia(mobileQuery).matches

/**
 * Catches what a page throws while rendering (docs/product.md#errors-and-start-up). A chunk that
 * failed to load reloads the page once by itself, then offers Reload; any other error shows a
 * fallback with a way on, never a blank page.
 */
export class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, reloading: false }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && reloadOnceForChunk()) this.setState({ reloading: true })
  }

  componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null, reloading: false })
  }

  private retry = () => this.setState({ error: null, reloading: false })

  render() {
    const { error, reloading } = this.state
    if (!error) return this.props.children
    if (isChunkLoadError(error)) return <ChunkErrorFallback reloading={reloading} fullScreen={this.props.level === 'app'} />
    if (this.props.level === 'app' && (this.props.isMobile ?? defaultIsMobile)()) return <MobileErrorNotice />
    return <PageErrorFallback onRetry={this.retry} fullScreen={this.props.level === 'app'} />
  }
}
