import { Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import type { SiteContact, SiteDemoVideo, SiteOffer, SitePage, SiteTestimonial } from '@/shared/site'
import { lines, PartCard, type Errors } from '@/features/site-admin/components/part-card'

// The server checks every part (its field errors show under the fields); the schemas only hold the values.
const testimonialsSchema = z.object({
  testimonials: z.array(
    z.object({
      name: z.string(),
      role: z.string(),
      city: z.string(),
      content: z.string(),
      rating: z.number(),
    }) satisfies z.ZodType<SiteTestimonial>,
  ),
})
const offersSchema = z.object({ offers: z.array(z.object({ value: z.string(), label: z.string() }) satisfies z.ZodType<SiteOffer>) })
const videoSchema = z.object({
  demoVideo: z.object({
    title: z.string(),
    description: z.string(),
    videoUrl: z.string(),
    duration: z.string(),
  }) satisfies z.ZodType<SiteDemoVideo>,
})
const contactSchema = z.object({ contact: z.object({ phone: z.string(), email: z.string() }) satisfies z.ZodType<SiteContact> })
/** The topics as typed, one per line; Save sends the non-blank lines. */
const topicsSchema = z.object({ trainingTopics: z.string() })

type PartProps<T extends z.ZodType<FieldValues, FieldValues>> = { form: UseFormReturn<z.infer<T>>; errors: Errors }

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="justify-self-end text-destructive" onClick={onClick}>
      <Trash2 aria-hidden /> {label}
    </Button>
  )
}

const blankTestimonial: SiteTestimonial = { name: '', role: '', city: '', content: '', rating: 5 }

function TestimonialsFields({ form, errors }: PartProps<typeof testimonialsSchema>) {
  const list = useFieldArray({ control: form.control, name: 'testimonials' })
  return (
    <>
      {list.fields.map((item, i) => (
        <fieldset key={item.id} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-subtle-foreground">Testimonial {i + 1}</legend>
          <Field id={`t-${i}-name`} label="Name" error={errors(`testimonials.${i}.name`)}>
            <Input {...form.register(`testimonials.${i}.name`)} />
          </Field>
          <Field id={`t-${i}-role`} label="Role" error={errors(`testimonials.${i}.role`)}>
            <Input {...form.register(`testimonials.${i}.role`)} />
          </Field>
          <Field id={`t-${i}-city`} label="City" error={errors(`testimonials.${i}.city`)}>
            <Input {...form.register(`testimonials.${i}.city`)} />
          </Field>
          <Field id={`t-${i}-rating`} label="Rating" error={errors(`testimonials.${i}.rating`)}>
            <NativeSelect {...form.register(`testimonials.${i}.rating`, { valueAsNumber: true })}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'star' : 'stars'}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`t-${i}-content`} label="Quote" error={errors(`testimonials.${i}.content`)} className="sm:col-span-2">
            <Textarea rows={3} {...form.register(`testimonials.${i}.content`)} />
          </Field>
          <RemoveButton label={`Remove testimonial ${i + 1}`} onClick={() => list.remove(i)} />
        </fieldset>
      ))}
      {list.fields.length < 6 && (
        <Button type="button" variant="outline" className="w-fit" onClick={() => list.append(blankTestimonial)}>
          <Plus aria-hidden /> Add testimonial
        </Button>
      )}
    </>
  )
}

export function TestimonialsForm({ initial }: { initial: SiteTestimonial[] }) {
  return (
    <PartCard
      title="Testimonials"
      description="Quotes from real agents, with their permission. Up to 6."
      schema={testimonialsSchema}
      defaultValues={{ testimonials: initial }}
      toUpdate={(values) => values}
    >
      {(form, errors) => <TestimonialsFields form={form} errors={errors} />}
    </PartCard>
  )
}

function OffersFields({ form, errors }: PartProps<typeof offersSchema>) {
  const list = useFieldArray({ control: form.control, name: 'offers' })
  return (
    <>
      {list.fields.map((item, i) => (
        <div key={item.id} className="grid items-end gap-3 sm:grid-cols-[8rem_1fr_auto]">
          <Field id={`o-${i}-value`} label={`Offer ${i + 1} value`} error={errors(`offers.${i}.value`)}>
            <Input {...form.register(`offers.${i}.value`)} />
          </Field>
          <Field id={`o-${i}-label`} label="Label" error={errors(`offers.${i}.label`)}>
            <Input {...form.register(`offers.${i}.label`)} />
          </Field>
          <RemoveButton label={`Remove offer ${i + 1}`} onClick={() => list.remove(i)} />
        </div>
      ))}
      {list.fields.length < 9 && (
        <Button type="button" variant="outline" className="w-fit" onClick={() => list.append({ value: '', label: '' })}>
          <Plus aria-hidden /> Add offer
        </Button>
      )}
    </>
  )
}

export function OffersForm({ initial }: { initial: SiteOffer[] }) {
  return (
    <PartCard
      title="Offers"
      description="Commercial offers shown as figures, such as ₹50 per lead. Live counts are never typed here."
      schema={offersSchema}
      defaultValues={{ offers: initial }}
      toUpdate={(values) => values}
    >
      {(form, errors) => <OffersFields form={form} errors={errors} />}
    </PartCard>
  )
}

export function VideoForm({ initial }: { initial: SiteDemoVideo }) {
  return (
    <PartCard
      title="Demo video"
      description="A YouTube address (watch, youtu.be, shorts or embed link); it plays from youtube-nocookie.com."
      schema={videoSchema}
      defaultValues={{ demoVideo: initial }}
      toUpdate={(values) => values}
    >
      {(form, errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="video-title" label="Title" error={errors('demoVideo.title')}>
            <Input {...form.register('demoVideo.title')} />
          </Field>
          <Field id="video-duration" label="Duration" error={errors('demoVideo.duration')}>
            <Input {...form.register('demoVideo.duration')} />
          </Field>
          <Field
            id="video-url"
            label="Video address"
            error={errors('demoVideo.videoUrl')}
            className="sm:col-span-2"
            hint="Leave empty for none."
          >
            <Input type="url" {...form.register('demoVideo.videoUrl')} />
          </Field>
          <Field id="video-description" label="Description" error={errors('demoVideo.description')} className="sm:col-span-2">
            <Textarea rows={2} {...form.register('demoVideo.description')} />
          </Field>
        </div>
      )}
    </PartCard>
  )
}

export function ContactForm({ initial }: { initial: SiteContact }) {
  return (
    <PartCard
      title="Contact"
      description="Shown in the closing call to action and the footer; empty fields are left out."
      schema={contactSchema}
      defaultValues={{ contact: initial }}
      toUpdate={(values) => values}
    >
      {(form, errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="contact-phone" label="Phone" error={errors('contact.phone')} hint="Indian mobile, landline or toll-free number.">
            <Input type="tel" {...form.register('contact.phone')} />
          </Field>
          <Field id="contact-email" label="Email" error={errors('contact.email')}>
            <Input type="email" {...form.register('contact.email')} />
          </Field>
        </div>
      )}
    </PartCard>
  )
}

function TopicsFields({ form, errors }: PartProps<typeof topicsSchema>) {
  const text = useWatch({ control: form.control, name: 'trainingTopics' })
  return (
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
      <Textarea rows={8} {...form.register('trainingTopics')} />
    </Field>
  )
}

export function TopicsForm({ initial }: { initial: string[] }) {
  return (
    <PartCard
      title="Training topics"
      description="The topics listed in the free training section, one per line."
      schema={topicsSchema}
      defaultValues={{ trainingTopics: initial.join('\n') }}
      toUpdate={({ trainingTopics }) => ({ trainingTopics: lines(trainingTopics) })}
    >
      {(form, errors) => <TopicsFields form={form} errors={errors} />}
    </PartCard>
  )
}

/** Every part's form, filled from the stored content. */
export function ContentForms({ page }: { page: SitePage }) {
  return (
    <div className="grid gap-6">
      <TestimonialsForm initial={page.testimonials} />
      <OffersForm initial={page.offers} />
      <VideoForm initial={page.demoVideo} />
      <ContactForm initial={page.contact} />
      <TopicsForm initial={page.trainingTopics} />
    </div>
  )
}
