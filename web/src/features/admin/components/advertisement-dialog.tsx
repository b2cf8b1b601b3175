import { Loader2 } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { Advertisement } from '@/features/admin/api/get-admin-advertisements'
import { TargetPlaces } from '@/features/admin/components/target-places'
import { saveAdvertisement, type AdvertisementInput } from '@/features/admin/api/save-advertisement'
import { advertColors, advertIcons } from '@/shared/advert-options'
import { useApiMutation } from '@/lib/api-mutation'
import { preparePhoto } from '@/lib/image-resize'

/** No field is required: the server checks the fields and the image, and its field errors show under each. */
const advertSchema = z.object({
  title: z.string(),
  description: z.string(),
  highlight: z.string(),
  iconName: z.string(),
  buttonText: z.string(),
  badge: z.string(),
  offer: z.string(),
  color: z.string(),
  contactInfo: z.string(),
  websiteUrl: z.string(),
  displayOrder: z.string(),
  targetCities: z.string(),
  targetStates: z.string(),
  advertisementImage: z.string(),
  isActive: z.boolean(),
})

type Form = z.infer<typeof advertSchema>
type TextKey = Exclude<keyof Form, 'advertisementImage' | 'isActive' | 'targetCities' | 'targetStates'>

function formOf(ad: Advertisement | null): Form {
  return {
    title: ad?.title ?? '',
    description: ad?.description ?? '',
    highlight: ad?.highlight ?? '',
    iconName: ad?.iconName ?? 'Star',
    buttonText: ad?.buttonText ?? '',
    badge: ad?.badge ?? '',
    offer: ad?.offer ?? '',
    color: ad?.color ?? '',
    contactInfo: ad?.contactInfo ?? '',
    websiteUrl: ad?.websiteUrl ?? '',
    displayOrder: String(ad?.displayOrder ?? 0),
    targetCities: (ad?.targetCities ?? []).join(', '),
    targetStates: (ad?.targetStates ?? []).join(', '),
    advertisementImage: ad?.advertisementImage ?? '',
    isActive: ad?.isActive ?? true,
  }
}

/** 'Add New Advertisement' (ad null) or 'Edit Advertisement'; the server checks the fields and the image. */
export function AdvertisementDialog({
  ad,
  open,
  onOpenChange,
}: {
  ad: Advertisement | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{ad ? 'Edit Advertisement' : 'Add New Advertisement'}</DialogTitle>
          <DialogDescription>No field is required. Empty target lists show the advert everywhere.</DialogDescription>
        </DialogHeader>
        {open && <AdvertisementForm key={ad?.id ?? 'new'} ad={ad} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

const imageProblems = {
  type: 'Choose a PNG or JPEG image',
  unreadable: 'This image could not be read',
  'too-large': 'This image is too large',
} as const

function AdvertisementForm({ ad, onDone }: { ad: Advertisement | null; onDone: () => void }) {
  const form = useZodForm(advertSchema, formOf(ad))
  const { errors, isSubmitting } = form.formState
  const image = useWatch({ control: form.control, name: 'advertisementImage' })
  const targetCities = useWatch({ control: form.control, name: 'targetCities' })
  const targetStates = useWatch({ control: form.control, name: 'targetStates' })
  const save = useApiMutation(saveAdvertisement, {
    successToast: ad ? 'Advertisement updated successfully' : 'Advertisement created successfully',
    errorToast: 'Could not save the advertisement',
    onSuccess: onDone,
    onError: (e) => setServerErrors(form, e.errors),
  })
  const onImage = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (!file) return
    const photo = await preparePhoto(file)
    if (photo.ok) {
      form.setValue('advertisementImage', photo.dataUrl, { shouldDirty: true })
      form.clearErrors('advertisementImage')
    } else form.setError('advertisementImage', { message: imageProblems[photo.reason] })
  }
  const onSubmit = form.handleSubmit(({ isActive, displayOrder, ...text }) => {
    const iconName = text.iconName as AdvertisementInput['iconName'] // one of the select's options
    return untilSettled(save.mutateAsync({ id: ad?.id, body: { ...text, iconName, displayOrder: displayOrder.trim() || null, isActive } }))
  })
  const text = (k: TextKey, label: string, hint?: string) => (
    <Field id={`advert-${k}`} label={label} error={errors[k]?.message} hint={hint}>
      <Input inputMode={k === 'displayOrder' ? 'numeric' : undefined} {...form.register(k)} />
    </Field>
  )
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FieldSet legend="Basic Information">
        <div className="grid gap-3 sm:grid-cols-2">
          {text('title', 'Title')}
          {text('highlight', 'Highlight (tagline)')}
          <Field id="advert-description" label="Description" error={errors.description?.message} className="sm:col-span-2">
            <Textarea rows={2} {...form.register('description')} />
          </Field>
          <Field id="advert-iconName" label="Icon" error={errors.iconName?.message}>
            <NativeSelect {...form.register('iconName')}>
              {advertIcons.map((i) => (
                <option key={i}>{i}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="advert-color" label="Colour" error={errors.color?.message}>
            <NativeSelect {...form.register('color')}>
              <option value="">Default (blue)</option>
              {advertColors.map((c) => (
                <option key={c} value={`bg-${c}-600`}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {text('displayOrder', 'Display Order')}
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" {...form.register('isActive')} />
            Active
          </label>
        </div>
      </FieldSet>
      <FieldSet legend="Advertisement Content">
        <div className="grid gap-3 sm:grid-cols-2">
          {text('buttonText', 'Button Text', "Empty means 'Learn More'")}
          {text('badge', 'Badge')}
          {text('offer', 'Offer')}
          {text('contactInfo', 'Contact Info')}
          {text('websiteUrl', 'Website URL')}
          <Field id="advert-image" label="Image (PNG or JPEG)" error={errors.advertisementImage?.message}>
            <Input type="file" accept="image/png,image/jpeg" onChange={(e) => void onImage(e)} />
          </Field>
          {image && (
            <div className="flex items-center gap-2 sm:col-span-2">
              <img src={image} alt="Advertisement" className="h-16 w-28 rounded object-cover" />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => form.setValue('advertisementImage', '', { shouldDirty: true })}
              >
                Remove image
              </Button>
            </div>
          )}
        </div>
      </FieldSet>
      <FieldSet legend="Location Targeting">
        <div className="grid gap-3 sm:grid-cols-2">
          <TargetPlaces
            kind="city"
            value={targetCities}
            onChange={(v) => form.setValue('targetCities', v, { shouldDirty: true })}
            error={errors.targetCities?.message}
          />
          <TargetPlaces
            kind="state"
            value={targetStates}
            onChange={(v) => form.setValue('targetStates', v, { shouldDirty: true })}
            error={errors.targetStates?.message}
          />
        </div>
      </FieldSet>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Saving...' : ad ? 'Update Advertisement' : 'Create Advertisement'}
        </Button>
      </DialogFooter>
    </form>
  )
}
