import '@/lib/csp-setup' // first: before any module builds a schema or renders
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { cleanUpServiceWorkers } from '@/lib/startup'
import '@/index.css'

void cleanUpServiceWorkers()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
