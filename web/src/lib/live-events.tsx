import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { connectEvents, type EventSourceFactory } from '@/lib/events'

/**
 * Keeps one event stream open while mounted for a signed-in user (the signed-in layout mounts it);
 * a new user id opens a new stream, and unmounting (logout) closes it.
 */
export function LiveEvents({ userId, create }: { userId: number | undefined; create?: EventSourceFactory | null }) {
  const queryClient = useQueryClient()
  React.useEffect(() => {
    if (userId === undefined) return
    return create === undefined ? connectEvents(queryClient) : connectEvents(queryClient, create)
  }, [queryClient, userId, create])
  return null
}
