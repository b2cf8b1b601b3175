import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { initialOf } from '@/lib/utils'

/** An agent's picture, or the first letter of their name. */
export function AgentAvatar({ name, picture, className }: { name: string; picture?: string | null; className?: string }) {
  return (
    <Avatar className={className}>
      {picture && <AvatarImage src={picture} alt="" />}
      <AvatarFallback>{initialOf(name)}</AvatarFallback>
    </Avatar>
  )
}
