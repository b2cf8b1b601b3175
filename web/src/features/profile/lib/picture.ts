/** The largest picture the server takes (100 KB); it also checks the type by the file's content. */
export const MAX_PICTURE_BYTES = 100 * 1024

export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const

/** Why a chosen file cannot be the profile picture (the spec's toast title and text), or null. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): { title: string; description: string } | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return { title: 'Invalid file type', description: 'Please select an image file (JPG or PNG)' }
  }
  if (file.size > MAX_PICTURE_BYTES) return { title: 'File too large', description: 'Please select an image smaller than 100KB' }
  return null
}

/** The file as a data URL. */
export function readDataURL(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'))
    reader.readAsDataURL(file)
  })
}

/** A value to show, or the spec's 'Not provided'. */
export function shown(value: string | null | undefined, empty = 'Not provided') {
  const v = value?.trim()
  return v ? v : empty
}

export const agentTypeLabels: Record<string, string> = { buyer: 'Buyer Agent', seller: 'Seller Agent', both: 'Buyer & Seller Agent' }
