/** The text to send: trimmed; null when nothing is left. */
export function messageToSend(text: string) {
  const trimmed = text.trim()
  return trimmed ? trimmed : null
}

type KeyLike = { key: string; shiftKey: boolean; isComposing?: boolean }

/** Enter sends; Shift+Enter (and Enter while an input method is composing) inserts a newline. */
export function isSendKey(event: KeyLike) {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing
}
