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
    <section id="training" aria-labelledby="training-title" className="scroll-mt-16 bg-slate-100 py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <div>
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Free training</p>
            <h2 id="training-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
              Learn the trade, free for every agent
            </h2>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {offerings.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl bg-white p-5 shadow-sm">
                <Icon className="size-6 text-blue-700" aria-hidden />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-6 rounded-2xl bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">Topics you will cover</h3>
          <ul className="grid min-h-40 gap-3 sm:grid-cols-2" data-testid="training-topics">
            {topics?.map((t) => (
              <li key={t} className="flex items-start gap-2 text-sm text-slate-700">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
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
