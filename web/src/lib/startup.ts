/**
 * Start-up clean-up (docs/product.md#errors-and-start-up): PropMatch has no service worker, so any
 * left from an older deployment is unregistered, every Cache Storage cache is deleted, and later
 * registrations are refused, so a stale worker can never serve an old app.
 */
export async function cleanUpServiceWorkers(nav: Navigator = navigator, cacheStorage: CacheStorage | undefined = globalThis.caches) {
  const container = nav.serviceWorker as ServiceWorkerContainer | undefined
  const tasks: Promise<unknown>[] = []
  if (container) {
    // Block first, so nothing registers while the old ones go.
    Object.defineProperty(container, 'register', {
      configurable: true,
      value: () => Promise.reject(new Error('Service workers are disabled in PropMatch')),
    })
    tasks.push(container.getRegistrations().then((registrations) => Promise.all(registrations.map((r) => r.unregister()))))
  }
  if (cacheStorage) {
    tasks.push(cacheStorage.keys().then((keys) => Promise.all(keys.map((key) => cacheStorage.delete(key)))))
  }
  await Promise.allSettled(tasks)
}
