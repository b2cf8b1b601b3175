import { setNonce } from 'get-nonce'

/**
 * Gives the libraries that add <style> elements (the scroll lock of dialogs and menus) the page's
 * nonce: the server puts a fresh one in <meta name="csp-nonce" nonce="…"> and allows styles
 * carrying it. Browsers hide the attribute once the policy applies, so the `nonce` property is
 * read first. Separate from configureForCsp so the landing page's entry does not bring Zod.
 */
export function applyStyleNonce(doc: Document = document) {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')
  const nonce = meta?.nonce || meta?.getAttribute('nonce')
  if (nonce) setNonce(nonce)
}
