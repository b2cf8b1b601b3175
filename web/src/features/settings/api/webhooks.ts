import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type WebhookEndpoint = components['schemas']['WebhookEndpoint']
export type WebhookEndpointCreated = components['schemas']['WebhookEndpointCreated']
export type WebhookDelivery = components['schemas']['WebhookDelivery']
export type WebhookEventType = components['schemas']['WebhookEventType']

/** The events an endpoint may take, in the order the form shows them, with their labels. */
export const webhookEvents: { value: WebhookEventType; label: string }[] = [
  { value: 'match.created', label: 'New match' },
  { value: 'message.received', label: 'Message received' },
  { value: 'connection.requested', label: 'Connection request received' },
  { value: 'connection.answered', label: 'Connection request answered' },
]

/** The most endpoints an agent may have (the server refuses a sixth). */
export const maxWebhooks = 5

export const webhookKeys = {
  all: () => ['/api/user/webhooks'] as const,
  deliveries: (id: number) => ['/api/user/webhooks', id, 'deliveries'] as const,
}

/** GET /api/user/webhooks: the agent's endpoints, oldest first, without their secrets. */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/webhooks', { signal })) })
}

/** GET /api/user/webhooks/{id}/deliveries: the endpoint's last 50 attempts, newest first. */
export function useWebhookDeliveries(id: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/user/webhooks/{id}/deliveries', { params: { path: { id } }, signal })),
    enabled,
    // A queued attempt settles within seconds: look again while one is pending.
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? 1500 : false),
  })
}

/** POST /api/user/webhooks: answers the secret this once. */
export const createWebhook = apiMutation({
  mutationFn: (body: components['schemas']['WebhookEndpointInput']) => unwrap(api.POST('/api/user/webhooks', { body })),
  invalidates: webhookKeys.all(),
})

/** PATCH /api/user/webhooks/{id}: address, events, on or off. */
export const updateWebhook = apiMutation({
  mutationFn: ({ id, ...body }: { id: number } & components['schemas']['WebhookEndpointPatch']) =>
    unwrap(api.PATCH('/api/user/webhooks/{id}', { params: { path: { id } }, body })),
  invalidates: webhookKeys.all(),
})

/** DELETE /api/user/webhooks/{id}. */
export const deleteWebhook = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/user/webhooks/{id}', { params: { path: { id } } })),
  invalidates: webhookKeys.all(),
})

/** POST /api/user/webhooks/{id}/test: queues a webhook.test message, sent at once. */
export const testWebhook = apiMutation({
  mutationFn: (id: number) => unwrap(api.POST('/api/user/webhooks/{id}/test', { params: { path: { id } } })),
  invalidates: webhookKeys.all(),
})
