// The API reference page (/api/docs): Redoc renders the public OpenAPI document the server
// serves at /api/openapi.json. Its own build (vite.docs.config.ts), so the app's bundle never
// carries it. Everything it loads comes from PropMatch: the self-hosted Inter, no web fonts or CDN.
import { nonce } from './docs-nonce'
import '@fontsource-variable/inter'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RedocStandalone } from 'redoc'

const font = "'Inter Variable', system-ui, sans-serif"

createRoot(document.getElementById('reference')!).render(
  <StrictMode>
    <RedocStandalone
      specUrl="/api/openapi.json"
      options={{
        nonce,
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
