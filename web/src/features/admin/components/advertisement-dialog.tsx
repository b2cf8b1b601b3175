import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { saveAdvertisement, type Advertisement, type AdvertisementInput } from '@/features/admin/api/admin-api'
import { advertColors, advertIcons } from '@/shared/advert-options'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import { preparePhoto } from '@/lib/image-resize'

type TextKey =
  'title' | 'description' | 'highlight' | 'iconName' | 'buttonText' | 'badge' | 'offer' | 'color' | 'contactInfo' | 'websiteUrl'
type Form = Record<TextKey | 'displayOrder' | 'targetCities' | 'targetStates', string> & {
  advertisementImage: string
  isActive: boolean
}

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
  const [form, setForm] = React.useState<Form>(() => formOf(ad))
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const save = useApiMutation(saveAdvertisement, {
    successToast: ad ? 'Advertisement updated successfully' : 'Advertisement created successfully',
    errorToast: 'Could not save the advertisement',
    onSuccess: onDone,
    onError: (e: ApiError) => setErrors(Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.message]))),
  })
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))
  const onImage = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (!file) return
    const photo = await preparePhoto(file)
    if (photo.ok) {
      setForm((f) => ({ ...f, advertisementImage: photo.dataUrl }))
      setErrors(({ advertisementImage: _, ...rest }) => rest)
    } else setErrors((er) => ({ ...er, advertisementImage: imageProblems[photo.reason] }))
  }
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    setErrors({})
    const { isActive, displayOrder, ...text } = form
    const iconName = text.iconName as AdvertisementInput['iconName'] // one of the select's options
    save.mutate({ id: ad?.id, body: { ...text, iconName, displayOrder: displayOrder.trim() || null, isActive } })
  }
  const text = (k: TextKey | 'displayOrder' | 'targetCities' | 'targetStates', label: string, hint?: string) => (
    <Field id={`advert-${k}`} label={label} error={errors[k]} hint={hint}>
      <Input value={form[k]} onChange={set(k)} inputMode={k === 'displayOrder' ? 'numeric' : undefined} />
    </Field>
  )
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FieldSet legend="Basic Information">
        <div className="grid gap-3 sm:grid-cols-2">
          {text('title', 'Title')}
          {text('highlight', 'Highlight (tagline)')}
          <Field id="advert-description" label="Description" error={errors.description} className="sm:col-span-2">
            <Textarea value={form.description} onChange={set('description')} rows={2} />
          </Field>
          <Field id="advert-iconName" label="Icon" error={errors.iconName}>
            <NativeSelect value={form.iconName} onChange={set('iconName')}>
              {advertIcons.map((i) => (
                <option key={i}>{i}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="advert-color" label="Colour" error={errors.color}>
            <NativeSelect value={form.color} onChange={set('color')}>
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
            <input type="checkbox" checked={form.isActive} onChange={(e) => setForm((f) => ({ ...f, isActive: e.target.checked }))} />
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
          <Field id="advert-image" label="Image (PNG or JPEG)" error={errors.advertisementImage}>
            <Input type="file" accept="image/png,image/jpeg" onChange={(e) => void onImage(e)} />
          </Field>
          {form.advertisementImage && (
            <div className="flex items-center gap-2 sm:col-span-2">
              <img src={form.advertisementImage} alt="Advertisement" className="h-16 w-28 rounded object-cover" />
              <Button type="button" variant="ghost" size="sm" onClick={() => setForm((f) => ({ ...f, advertisementImage: '' }))}>
                Remove image
              </Button>
            </div>
          )}
        </div>
      </FieldSet>
      <FieldSet legend="Location Targeting">
        <div className="grid gap-3 sm:grid-cols-2">
          {text('targetCities', 'Target Cities', 'Comma-separated; empty means all cities')}
          {text('targetStates', 'Target States', 'Comma-separated; empty means all states')}
        </div>
      </FieldSet>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Saving...' : ad ? 'Update Advertisement' : 'Create Advertisement'}
        </Button>
      </DialogFooter>
    </form>
  )
}
