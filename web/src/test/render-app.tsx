import { render } from '@testing-library/react'
import type { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter } from 'react-router'
import { App } from '@/app/app'
import { appRoutes } from '@/app/router'
import { createQueryClient } from '@/lib/query-client'

/** The whole app (its data router, providers and guards) opened at `route`. */
export function renderRoute(route: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [route] })
  return { ...render(<App router={router} queryClient={queryClient} />), router }
}
