import { ArrowLeft } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** The top of the right pane; the back button returns to the list on phones (< 768 px). */
export function PaneHeader({ onBack, children }: { onBack: () => void; children: React.ReactNode }) {
  return (
    <header className="flex min-w-0 items-center gap-3 border-b border-border p-3">
      <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
        <ArrowLeft className="size-5" />
      </Button>
      {children}
    </header>
  )
}
