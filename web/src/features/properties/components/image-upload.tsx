import * as React from 'react'
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Star, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { preparePhoto } from '@/lib/image-resize'
import { cardImageUrl, MAX_PHOTOS } from '@/lib/media'

type ImageUploadProps = {
  /** Up to MAX_PHOTOS, in order (the first is the cover): data URLs (new) or /media/... URLs (stored). */
  value: string[]
  onChange: (images: string[]) => void
  error?: string
  id?: string
}

const refusal = {
  type: { title: 'Invalid file type', description: 'Please choose a photo (JPG, PNG, WebP or HEIC)' },
  unreadable: { title: 'Could not read the photo', description: 'Try another photo, or save it as JPG first' },
  'too-large': { title: 'File too large', description: 'Image size must be less than 300KB' },
} as const

/** Moves the item at from to to. */
export function move<T>(list: T[], from: number, to: number) {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/**
 * A listing's photos: up to ten, the first is the cover. Photos from a camera are scaled and compressed
 * here before upload (lib/image-resize); each can be moved, made the cover or removed.
 */
export function ImageUpload({ value, onChange, error, id = 'property-image' }: ImageUploadProps) {
  const [busy, setBusy] = React.useState(false)
  const room = MAX_PHOTOS - value.length

  const onFiles = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (!files.length) return
    if (files.length > room) {
      toast({ variant: 'destructive', title: 'Too many photos', description: `A listing has at most ${MAX_PHOTOS} photos` })
    }
    setBusy(true)
    const added: string[] = []
    for (const file of files.slice(0, room)) {
      const photo = await preparePhoto(file)
      if (photo.ok) added.push(photo.dataUrl)
      else toast({ variant: 'destructive', ...refusal[photo.reason] })
    }
    setBusy(false)
    if (added.length) onChange([...value, ...added])
  }

  return (
    <div className="grid gap-2">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos" data-testid="photo-list">
        {value.map((src, i) => (
          <li key={`${i}:${src.slice(-32)}`} className="relative overflow-hidden rounded-lg border border-border" data-testid="photo-item">
            {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the visible name people (and the browser journeys) know it by */}
            <img
              src={src.startsWith('data:') ? src : cardImageUrl(src)}
              alt={`Property image preview ${i + 1}`}
              className="aspect-[4/3] w-full object-cover"
            />
            {i === 0 && (
              <span className="absolute top-1.5 left-1.5 rounded bg-primary px-1.5 py-0.5 text-xs font-medium text-primary-foreground">
                Cover
              </span>
            )}
            <Button
              variant="secondary"
              size="icon"
              className="absolute top-1.5 right-1.5 size-8 bg-card/90"
              aria-label={`Remove photo ${i + 1}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <X />
            </Button>
            <div className="absolute inset-x-1.5 bottom-1.5 flex justify-between gap-1">
              <Button
                variant="secondary"
                size="icon"
                className="size-8 bg-card/90"
                aria-label={`Move photo ${i + 1} earlier`}
                disabled={i === 0}
                onClick={() => onChange(move(value, i, i - 1))}
              >
                <ArrowLeft />
              </Button>
              {i > 0 && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="h-8 bg-card/90 px-2 text-xs"
                  aria-label={`Make photo ${i + 1} the cover`}
                  onClick={() => onChange(move(value, i, 0))}
                >
                  <Star /> Cover
                </Button>
              )}
              <Button
                variant="secondary"
                size="icon"
                className="size-8 bg-card/90"
                aria-label={`Move photo ${i + 1} later`}
                disabled={i === value.length - 1}
                onClick={() => onChange(move(value, i, i + 1))}
              >
                <ArrowRight />
              </Button>
            </div>
          </li>
        ))}
        {room > 0 && (
          <li>
            <label
              htmlFor={id}
              className="flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-input p-2 text-center text-sm text-muted-foreground hover:border-primary/60 hover:text-primary"
            >
              {busy ? <Loader2 className="size-6 animate-spin" aria-hidden /> : <ImagePlus className="size-6" aria-hidden />}
              <span>{busy ? 'Preparing photos...' : value.length ? 'Add photos' : 'Upload photos'}</span>
              <span className="text-xs">
                {value.length}/{MAX_PHOTOS} · resized for upload
              </span>
            </label>
          </li>
        )}
      </ul>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        aria-label="Property Image"
        disabled={busy || room <= 0}
        onChange={onFiles}
      />
      {error && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
