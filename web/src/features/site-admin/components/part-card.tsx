import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import type { FieldError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import { siteKeys, type SiteContentUpdate } from '@/shared/site'
import { saveSite } from '@/features/site-admin/api/save-site'

/** The field errors of the last failed save, by path ('testimonials.0.rating'). */
export type Errors = (path: string) => string | undefined

type Props = {
  title: string
  description: string
  /** What Save sends: this part only, so a save never undoes another admin's edit of another part. */
  update: () => SiteContentUpdate
  children: (errors: Errors) => React.ReactNode
}

/** One part of the site content: its form, Save, the toasts and the field errors under the fields. */
export function PartCard({ title, description, update, children }: Props) {
  const queryClient = useQueryClient()
  const [fieldErrors, setFieldErrors] = React.useState<FieldError[]>([])
  const save = useApiMutation(saveSite, {
    successToast: `${title} saved`,
    errorToast: `Could not save ${title.toLowerCase()}`,
    onSuccess: (page) => {
      setFieldErrors([])
      queryClient.setQueryData(siteKeys.content(), page)
    },
    onError: (error) => setFieldErrors(error.errors ?? []),
  })
  const errors: Errors = (path) => fieldErrors.find((e) => e.path === path)?.message
  const titleId = React.useId()
  return (
    <Card>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate(update())
        }}
      >
        <CardHeader>
          <CardTitle id={titleId}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {children(errors)}
          {errors(Object.keys(update())[0] ?? '') && <p className="text-sm text-red-600">{errors(Object.keys(update())[0] ?? '')}</p>}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save ${title.toLowerCase()}`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

/** Replaces item i of list with patch applied. */
export function patchAt<T>(list: T[], i: number, patch: Partial<T>) {
  return list.map((item, j) => (j === i ? { ...item, ...patch } : item))
}

/** Lines of a textarea as a list (blank lines dropped). */
export function lines(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}
