import '@/lib/csp-setup' // first: before any module builds a schema or renders
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { cleanUpServiceWorkers } from '@/lib/startup'
import { bootTheme } from '@/lib/theme'
import '@/index.css'

void cleanUpServiceWorkers()
bootTheme() // a signed-in page opens in the agent's theme, without a light flash

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
