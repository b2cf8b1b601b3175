import { Loader2, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { isSendKey, messageToSend } from '@/features/messages/lib/composer-keys'

type ComposerProps = {
  value: string
  onChange: (value: string) => void
  /** Called with the trimmed text. */
  onSend: (text: string) => void
  pending: boolean
}

/** The message box: Enter sends, Shift+Enter adds a line; nothing is sent while blank or pending. */
export function Composer({ value, onChange, onSend, pending }: ComposerProps) {
  const text = messageToSend(value)
  const submit = () => {
    if (text && !pending) onSend(text)
  }
  return (
    <form
      className="flex items-end gap-2 border-t border-border bg-card p-3"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <Textarea
        aria-label="Message"
        placeholder="Type your message..."
        rows={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (!isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) return
          e.preventDefault()
          submit()
        }}
        className="max-h-32 min-h-10 resize-none"
      />
      <Button type="submit" size="icon" disabled={!text || pending} aria-label="Send message">
        {pending ? <Loader2 className="animate-spin" /> : <Send />}
      </Button>
    </form>
  )
}
