// The API reference page's CSP lets in only <style> elements carrying the nonce the server put on
// <meta name="csp-nonce">. Redoc's bundled style-loader (patched in vite.docs.config.ts) and
// styled-components both read it from this global: docs-main.tsx imports this module before Redoc,
// so it is set before Redoc's module adds its first <style>.
const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')
Object.assign(window, { __webpack_nonce__: meta?.nonce || undefined })

export const nonce = meta?.nonce || undefined
