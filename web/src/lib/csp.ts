import { setNonce } from 'get-nonce'
import { z } from 'zod'

/**
 * Makes the app work under the server's strict Content-Security-Policy (scripts and styles only
 * from PropMatch itself, no eval). Call once, before anything renders.
 * - Zod parses without compiling code (`new Function`), which the policy refuses and reports.
 * - The libraries that add <style> elements (the scroll lock of dialogs and menus) get the page's
 *   nonce: the server puts a fresh one in <meta name="csp-nonce" nonce="…"> and allows styles
 *   carrying it. Browsers hide the attribute once the policy applies, so the `nonce` property is
 *   read first.
 */
export function configureForCsp(doc: Document = document) {
  z.config({ jitless: true })
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')
  const nonce = meta?.nonce || meta?.getAttribute('nonce')
  if (nonce) setNonce(nonce)
}
