import '@/lib/csp-setup' // first: before any module builds a schema or renders
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, createAppRouter } from '@/app/app'
import { loadAuthPage } from '@/app/router'
import { cleanUpServiceWorkers } from '@/lib/startup'
import { bootTheme } from '@/lib/theme'
import '@/index.css'

void cleanUpServiceWorkers()
bootTheme() // a signed-in page opens in the agent's theme, without a light flash

const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>
)
if (root.hasChildNodes()) {
  // /auth arrives prerendered (dist/auth.html, docs/performance.md#landing-page): hydrate that
  // markup, in a transition so React yields to the browser between components. Its page's chunk
  // comes first: an update (the session's answer) reaching the page while its chunk still loads
  // would make React drop the markup and draw the page again. A chunk that fails to load is the
  // error boundary's to handle.
  void loadAuthPage()
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, app)
      }),
    )
} else {
  createRoot(root).render(app)
}
