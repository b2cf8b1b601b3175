import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import type { FieldError } from '@/lib/api-client'

/**
 * The app's one form idiom: react-hook-form checked by a zod schema, each control under a `Field`
 * (its error is `formState.errors[name]?.message`). The schema keeps the values' shape (what the
 * inputs hold is what the submit handler gets); conversions for the API happen in the handler.
 */
export function useZodForm<TValues extends FieldValues>(
  schema: z.ZodType<TValues, TValues>,
  defaultValues: DefaultValues<NoInfer<TValues>>,
  options: Omit<UseFormProps<TValues>, 'resolver' | 'defaultValues'> = {},
): UseFormReturn<TValues> {
  return useForm<TValues>({ ...options, resolver: zodResolver(schema), defaultValues })
}

/**
 * Shows the server's field errors (`[{path, message}]`, see internal/apperr) under the form's fields.
 * `toField` may rename a path or reword a message (e.g. 'images[2]' to 'images' with "Photo 3: ...").
 * An error naming no control still lands in `formState.errors` (a form may show it elsewhere); the next
 * submit clears them all, as editing a field clears its own.
 */
export function setServerErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'setError'>,
  errors: readonly FieldError[] | undefined,
  toField: (error: FieldError) => FieldError = (error) => error,
) {
  for (const error of errors ?? []) {
    const { path, message } = toField(error)
    form.setError(path as Path<TValues>, { type: 'server', message })
  }
}

/**
 * Waits for a write from a submit handler, so the form stays `isSubmitting` (and its submit button
 * disabled) until the server answered: `form.handleSubmit((values) => untilSettled(save.mutateAsync(values)))`.
 * A failure is the mutation's to report (its toast and onError), so it is not thrown again here.
 */
export async function untilSettled(write: Promise<unknown>): Promise<void> {
  try {
    await write
  } catch {
    // reported by the mutation's onError
  }
}
