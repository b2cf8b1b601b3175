// The API reference page (/api/docs): Redoc renders the public OpenAPI document the server
// serves at /api/openapi.json. Its own build (vite.docs.config.ts), so the app's bundle never
// carries it. Everything it loads comes from PropMatch: the self-hosted Inter, no web fonts or CDN.
import '@fontsource-variable/inter'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RedocStandalone } from 'redoc'

// styled-components (Redoc's styling) adds <style> elements; the page's CSP lets in only those
// carrying the nonce the server put on <meta name="csp-nonce">. styled-components reads the
// nonce from this global when it adds its first element, during the first render.
const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')
Object.assign(window, { __webpack_nonce__: meta?.nonce || undefined })

const font = "'Inter Variable', system-ui, sans-serif"

createRoot(document.getElementById('reference')!).render(
  <StrictMode>
    <RedocStandalone
      specUrl="/api/openapi.json"
      options={{
        nativeScrollbars: true,
        hideHostname: true,
        expandResponses: '200,201',
        jsonSampleExpandLevel: 2,
        sortTagsAlphabetically: false,
        theme: { typography: { fontFamily: font, headings: { fontFamily: font } } },
      }}
    />
  </StrictMode>,
)
