import * as React from 'react'
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import type { SiteContact, SiteDemoVideo, SiteOffer, SitePage, SitePlan, SiteTestimonial } from '@/shared/site'
import { lines, PartCard, patchAt } from '@/features/site-admin/components/part-card'

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="justify-self-end text-red-700" onClick={onClick}>
      <Trash2 aria-hidden /> {label}
    </Button>
  )
}

export function TestimonialsForm({ initial }: { initial: SiteTestimonial[] }) {
  const [list, setList] = React.useState(initial)
  const blank: SiteTestimonial = { name: '', role: '', city: '', content: '', rating: 5 }
  return (
    <PartCard
      title="Testimonials"
      description="Quotes from real agents, with their permission. Up to 6."
      update={() => ({ testimonials: list })}
    >
      {(errors) => (
        <>
          {list.map((t, i) => (
            <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium text-slate-700">Testimonial {i + 1}</legend>
              <Field id={`t-${i}-name`} label="Name" error={errors(`testimonials.${i}.name`)}>
                <Input value={t.name} onChange={(e) => setList(patchAt(list, i, { name: e.target.value }))} />
              </Field>
              <Field id={`t-${i}-role`} label="Role" error={errors(`testimonials.${i}.role`)}>
                <Input value={t.role} onChange={(e) => setList(patchAt(list, i, { role: e.target.value }))} />
              </Field>
              <Field id={`t-${i}-city`} label="City" error={errors(`testimonials.${i}.city`)}>
                <Input value={t.city} onChange={(e) => setList(patchAt(list, i, { city: e.target.value }))} />
              </Field>
              <Field id={`t-${i}-rating`} label="Rating" error={errors(`testimonials.${i}.rating`)}>
                <NativeSelect value={t.rating} onChange={(e) => setList(patchAt(list, i, { rating: Number(e.target.value) }))}>
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {n} {n === 1 ? 'star' : 'stars'}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id={`t-${i}-content`} label="Quote" error={errors(`testimonials.${i}.content`)} className="sm:col-span-2">
                <Textarea rows={3} value={t.content} onChange={(e) => setList(patchAt(list, i, { content: e.target.value }))} />
              </Field>
              <RemoveButton label={`Remove testimonial ${i + 1}`} onClick={() => setList(list.filter((_, j) => j !== i))} />
            </fieldset>
          ))}
          {list.length < 6 && (
            <Button type="button" variant="outline" className="w-fit" onClick={() => setList([...list, blank])}>
              <Plus aria-hidden /> Add testimonial
            </Button>
          )}
        </>
      )}
    </PartCard>
  )
}

export function PlansForm({ initial }: { initial: SitePlan[] }) {
  const [list, setList] = React.useState(initial)
  return (
    <PartCard
      title="Pricing plans"
      description="Prices are shown as written (₹500, Custom). One plan may be marked most popular."
      update={() => ({ plans: list })}
    >
      {(errors) =>
        list.map((p, i) => (
          <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium text-slate-700">Plan {i + 1}</legend>
            <Field id={`p-${i}-name`} label="Name" error={errors(`plans.${i}.name`)}>
              <Input value={p.name} onChange={(e) => setList(patchAt(list, i, { name: e.target.value }))} />
            </Field>
            <Field id={`p-${i}-price`} label="Price" error={errors(`plans.${i}.price`)}>
              <Input value={p.price} onChange={(e) => setList(patchAt(list, i, { price: e.target.value }))} />
            </Field>
            <Field id={`p-${i}-period`} label="Period" error={errors(`plans.${i}.period`)}>
              <Input value={p.period} onChange={(e) => setList(patchAt(list, i, { period: e.target.value }))} />
            </Field>
            <Field id={`p-${i}-description`} label="Description" error={errors(`plans.${i}.description`)} className="sm:col-span-3">
              <Input value={p.description} onChange={(e) => setList(patchAt(list, i, { description: e.target.value }))} />
            </Field>
            <Field
              id={`p-${i}-features`}
              label="Features (one per line)"
              error={errors(`plans.${i}.features`) ?? list[i]!.features.map((_, j) => errors(`plans.${i}.features.${j}`)).find(Boolean)}
              className="sm:col-span-3"
            >
              <Textarea
                rows={5}
                value={p.features.join('\n')}
                onChange={(e) => setList(patchAt(list, i, { features: lines(e.target.value) }))}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="popular-plan"
                checked={p.popular}
                onChange={() => setList(list.map((q, j) => ({ ...q, popular: j === i })))}
              />
              Most popular
            </label>
          </fieldset>
        ))
      }
    </PartCard>
  )
}

export function OffersForm({ initial }: { initial: SiteOffer[] }) {
  const [list, setList] = React.useState(initial)
  return (
    <PartCard
      title="Offers"
      description="Commercial offers shown as figures, such as ₹50 per lead. Live counts are never typed here."
      update={() => ({ offers: list })}
    >
      {(errors) => (
        <>
          {list.map((o, i) => (
            <div key={i} className="grid items-end gap-3 sm:grid-cols-[8rem_1fr_auto]">
              <Field id={`o-${i}-value`} label={`Offer ${i + 1} value`} error={errors(`offers.${i}.value`)}>
                <Input value={o.value} onChange={(e) => setList(patchAt(list, i, { value: e.target.value }))} />
              </Field>
              <Field id={`o-${i}-label`} label="Label" error={errors(`offers.${i}.label`)}>
                <Input value={o.label} onChange={(e) => setList(patchAt(list, i, { label: e.target.value }))} />
              </Field>
              <RemoveButton label={`Remove offer ${i + 1}`} onClick={() => setList(list.filter((_, j) => j !== i))} />
            </div>
          ))}
          {list.length < 9 && (
            <Button type="button" variant="outline" className="w-fit" onClick={() => setList([...list, { value: '', label: '' }])}>
              <Plus aria-hidden /> Add offer
            </Button>
          )}
        </>
      )}
    </PartCard>
  )
}

export function VideoForm({ initial }: { initial: SiteDemoVideo }) {
  const [v, setV] = React.useState(initial)
  return (
    <PartCard
      title="Demo video"
      description="A YouTube address (watch, youtu.be, shorts or embed link); it plays from youtube-nocookie.com."
      update={() => ({ demoVideo: v })}
    >
      {(errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="video-title" label="Title" error={errors('demoVideo.title')}>
            <Input value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} />
          </Field>
          <Field id="video-duration" label="Duration" error={errors('demoVideo.duration')}>
            <Input value={v.duration} onChange={(e) => setV({ ...v, duration: e.target.value })} />
          </Field>
          <Field
            id="video-url"
            label="Video address"
            error={errors('demoVideo.videoUrl')}
            className="sm:col-span-2"
            hint="Leave empty for none."
          >
            <Input type="url" value={v.videoUrl} onChange={(e) => setV({ ...v, videoUrl: e.target.value })} />
          </Field>
          <Field id="video-description" label="Description" error={errors('demoVideo.description')} className="sm:col-span-2">
            <Textarea rows={2} value={v.description} onChange={(e) => setV({ ...v, description: e.target.value })} />
          </Field>
        </div>
      )}
    </PartCard>
  )
}

export function ContactForm({ initial }: { initial: SiteContact }) {
  const [c, setC] = React.useState(initial)
  return (
    <PartCard
      title="Contact"
      description="Shown in the closing call to action and the footer; empty fields are left out."
      update={() => ({ contact: c })}
    >
      {(errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="contact-phone" label="Phone" error={errors('contact.phone')} hint="Indian mobile, landline or toll-free number.">
            <Input type="tel" value={c.phone} onChange={(e) => setC({ ...c, phone: e.target.value })} />
          </Field>
          <Field id="contact-email" label="Email" error={errors('contact.email')}>
            <Input type="email" value={c.email} onChange={(e) => setC({ ...c, email: e.target.value })} />
          </Field>
        </div>
      )}
    </PartCard>
  )
}

export function TopicsForm({ initial }: { initial: string[] }) {
  const [text, setText] = React.useState(initial.join('\n'))
  return (
    <PartCard
      title="Training topics"
      description="The topics listed in the free training section, one per line."
      update={() => ({ trainingTopics: lines(text) })}
    >
      {(errors) => (
        <Field
          id="topics"
          label="Topics"
          error={
            errors('trainingTopics') ??
            lines(text)
              .map((_, i) => errors(`trainingTopics.${i}`))
              .find(Boolean)
          }
        >
          <Textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      )}
    </PartCard>
  )
}

/** Every part's form, filled from the stored content. */
export function ContentForms({ page }: { page: SitePage }) {
  return (
    <div className="grid gap-6">
      <TestimonialsForm initial={page.testimonials} />
      <PlansForm initial={page.plans} />
      <OffersForm initial={page.offers} />
      <VideoForm initial={page.demoVideo} />
      <ContactForm initial={page.contact} />
      <TopicsForm initial={page.trainingTopics} />
    </div>
  )
}
