import * as React from 'react'
import { ImagePlus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'

/** Largest accepted image: under 300 KiB (docs/product.md#images). */
export const MAX_IMAGE_BYTES = 300 * 1024
const ACCEPTED_TYPES = ['image/png', 'image/jpeg']

function readAsDataUrl(file: File) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'))
    reader.readAsDataURL(file)
  })
}

type ImageUploadProps = {
  /** At most one entry: a data URL (new) or a /media/... URL (stored). */
  value: string[]
  onChange: (images: string[]) => void
  error?: string
  id?: string
}

/** One property image: PNG or JPEG under 300KB, read as a data URL; removable. */
export function ImageUpload({ value, onChange, error, id = 'property-image' }: ImageUploadProps) {
  const image = value[0]

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!ACCEPTED_TYPES.includes(file.type)) {
      toast({ variant: 'destructive', title: 'Invalid file type', description: 'Please choose a PNG or JPG image' })
      return
    }
    if (file.size >= MAX_IMAGE_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: 'Image size must be less than 300KB' })
      return
    }
    try {
      onChange([await readAsDataUrl(file)])
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Could not read the image' })
    }
  }

  return (
    <div className="grid gap-2">
      {image ? (
        <div className="relative w-full max-w-xs overflow-hidden rounded-lg border border-slate-200">
          {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the visible name people (and the browser journeys) know it by */}
          <img src={image} alt="Property image preview" className="h-40 w-full object-cover" />
          <Button
            variant="secondary"
            size="icon"
            className="absolute top-2 right-2 size-8 bg-white/90"
            aria-label="Remove image"
            onClick={() => onChange([])}
          >
            <X />
          </Button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="flex h-32 max-w-xs cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 text-sm text-slate-500 hover:border-blue-400 hover:text-blue-600"
        >
          <ImagePlus className="size-6" aria-hidden />
          <span>Upload an image</span>
          <span className="text-xs">PNG or JPG, under 300KB</span>
        </label>
      )}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        className="sr-only"
        aria-label="Property Image"
        onChange={onFile}
      />
      {error && (
        <p className="text-sm font-medium text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
