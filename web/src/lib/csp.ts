import { z } from 'zod'
import { applyStyleNonce } from '@/lib/csp-nonce'

/**
 * Makes the app work under the server's strict Content-Security-Policy (scripts and styles only
 * from PropMatch itself, no eval). Call once, before anything renders.
 * - Zod parses without compiling code (`new Function`), which the policy refuses and reports.
 * - The libraries that add <style> elements get the page's nonce (applyStyleNonce).
 */
export function configureForCsp(doc: Document = document) {
  z.config({ jitless: true })
  applyStyleNonce(doc)
}
