// The entry of / and /landing (dist/landing.html, docs/performance.md#landing-page): React, the
// query cache and the landing page, without the router, auth, toasts or any other page.
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { LandingApp } from '@/app/landing-app'
import { applyStyleNonce } from '@/lib/csp-nonce'
import { queryClient } from '@/lib/query-client'
import { cleanUpServiceWorkers } from '@/lib/startup'
// No stylesheet import: dist/landing.html carries the app's stylesheet inlined
// (scripts/prerender.mjs). Imported here too, it would become a shared chunk's stylesheet, which
// Vite's loader then adds again as a <link> with every lazily loaded chunk.

applyStyleNonce()
void cleanUpServiceWorkers()

// The markup is already on screen (prerendered); hydrating in a transition lets React yield to
// the browser between components instead of blocking the main thread for the whole page.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <LandingApp queryClient={queryClient} />
    </StrictMode>,
  )
})
