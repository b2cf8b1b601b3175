import { Award, BookOpen, CheckCircle2, Headphones, PlayCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { paths } from '@/app/paths'

const offerings = [
  { icon: BookOpen, title: 'Courses', text: 'Structured courses from basics to advanced deal-making.' },
  { icon: PlayCircle, title: 'Video Tutorials', text: 'Short videos on every part of the app.' },
  { icon: Award, title: 'Certification', text: 'Certificates to show clients what you know.' },
  { icon: Headphones, title: 'Expert Support', text: 'Ask experienced agents and trainers.' },
]

/** The free training programme: what it offers, the editable topics and Start Learning Today. */
export function TrainingSection({ topics }: { topics: string[] | undefined }) {
  return (
    <section id="training" aria-labelledby="training-title" className="scroll-mt-16 bg-muted py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-foreground uppercase">Free training</p>
            <h2 id="training-title" className="mt-2 text-3xl font-bold tracking-tight text-foreground">
              Learn the trade, free for every agent
            </h2>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {offerings.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl bg-card p-5 shadow-sm">
                <Icon className="size-6 text-accent-foreground" aria-hidden />
                <h3 className="mt-3 font-semibold text-foreground">{title}</h3>
                <p className="mt-1 text-sm text-subtle-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-6 rounded-2xl bg-card p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-foreground">Topics you will cover</h3>
          <ul className="grid min-h-40 gap-3 sm:grid-cols-2" data-testid="training-topics">
            {topics?.map((t) => (
              <li key={t} className="flex items-start gap-2 text-sm text-subtle-foreground">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                {t}
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="w-fit">
            <a href={paths.auth.to({ tab: 'register' })}>Start Learning Today</a>
          </Button>
        </div>
      </div>
    </section>
  )
}
