import * as React from 'react'
import { Camera, Loader2 } from 'lucide-react'
import { useWatch, type FieldErrors } from 'react-hook-form'
import { z } from 'zod'
import { AgentAvatar } from '@/components/agent-avatar'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { toast } from '@/components/ui/use-toast'
import { updateProfile, type ProfileUpdate } from '@/features/profile/api/update-profile'
import { pictureProblem, PICTURE_TYPES, readDataURL } from '@/features/profile/lib/picture'
import { useApiMutation } from '@/lib/api-mutation'
import type { User } from '@/lib/api-schemas'

/** A rough shape check; the server decides. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What the agent may change; the values go as typed (the server trims), only these two are checked here. */
const profileSchema = z.object({
  fullName: z.string().refine((v) => v.trim() !== '', 'Full name is required'),
  email: z.string().refine((v) => !v.trim() || EMAIL_PATTERN.test(v.trim()), 'Enter a valid email address'),
  bio: z.string(),
  agentType: z.enum(['buyer', 'seller', 'both']) satisfies z.ZodType<NonNullable<ProfileUpdate['agentType']>>,
  reraNumber: z.string(),
  /** Optional, for GST invoices; the server checks its format and check digit. */
  gstin: z.string(),
  profilePicture: z.string().nullable(),
})

type Form = z.infer<typeof profileSchema>

function formOf(u: User): Form {
  return {
    fullName: u.fullName,
    email: u.email ?? '',
    bio: u.bio ?? '',
    agentType: u.agentType,
    reraNumber: u.reraNumber ?? '',
    gstin: u.gstin ?? '',
    profilePicture: u.profilePicture,
  }
}

/** 'Edit Profile': the agent's own fields and picture; phone, state and city are shown but cannot change. */
export function EditProfileDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update your details and picture. Phone, state and city cannot be changed here.</DialogDescription>
        </DialogHeader>
        {open && <EditProfileForm user={user} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const form = useZodForm(profileSchema, formOf(user))
  const { isSubmitting } = form.formState
  // The server may also name a field shown here but not sent (phone, state, city).
  const errors = form.formState.errors as FieldErrors<Record<string, string>>
  const [fullName, picture] = useWatch({ control: form.control, name: ['fullName', 'profilePicture'] })
  const fileInput = React.useRef<HTMLInputElement>(null)
  const save = useApiMutation(updateProfile, {
    successToast: { variant: 'success', title: 'Profile updated', description: 'Your profile has been successfully updated.' },
    errorToast: 'Update failed',
    onSuccess: onDone,
    onError: (e) => setServerErrors(form, e.errors),
  })

  const onPicture = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const problem = pictureProblem(file)
    if (problem) {
      toast({ variant: 'destructive', ...problem })
      return
    }
    form.setValue('profilePicture', await readDataURL(file), { shouldDirty: true })
    form.clearErrors('profilePicture')
  }

  const onSubmit = form.handleSubmit((values) => untilSettled(save.mutateAsync({ ...values, gstin: values.gstin.trim().toUpperCase() })))

  const text = (k: 'fullName' | 'email' | 'reraNumber', label: string, type = 'text') => (
    <Field id={`profile-${k}`} label={label} error={errors[k]?.message}>
      <Input type={type} {...form.register(k)} />
    </Field>
  )
  const fixed = (k: 'phone' | 'state' | 'city', label: string) => (
    <Field id={`profile-${k}`} label={label} error={errors[k]?.message}>
      <Input value={user[k]} disabled readOnly />
    </Field>
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="flex items-center gap-4">
        <div className="relative">
          <AgentAvatar name={fullName || user.fullName} picture={picture} className="size-20 text-2xl" />
          <Button
            type="button"
            size="icon"
            variant="outline"
            className="absolute -right-1 -bottom-1 size-8 rounded-full"
            aria-label="Change picture"
            onClick={() => fileInput.current?.click()}
          >
            <Camera />
          </Button>
        </div>
        <div className="grid gap-1 text-sm">
          <p className="text-subtle-foreground" id="profile-picture-hint">
            Max 100KB, JPG/PNG only
          </p>
          {picture && (
            <button
              type="button"
              className="justify-self-start text-destructive hover:underline"
              onClick={() => form.setValue('profilePicture', null, { shouldDirty: true })}
            >
              Remove picture
            </button>
          )}
          {errors.profilePicture && (
            <p className="text-destructive" role="alert">
              {errors.profilePicture.message}
            </p>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={PICTURE_TYPES.join(',')}
          className="sr-only"
          aria-label="Profile picture"
          aria-describedby="profile-picture-hint"
          data-testid="profile-picture-input"
          onChange={onPicture}
        />
      </div>
      {text('fullName', 'Full Name')}
      {text('email', 'Email', 'email')}
      <div className="grid gap-3 sm:grid-cols-3">
        {fixed('phone', 'Phone')}
        {fixed('state', 'State')}
        {fixed('city', 'City')}
      </div>
      <Field id="profile-agentType" label="Agent Type" error={errors.agentType?.message}>
        <NativeSelect {...form.register('agentType')}>
          <option value="buyer">Buyer Agent</option>
          <option value="seller">Seller Agent</option>
          <option value="both">Both</option>
        </NativeSelect>
      </Field>
      {text('reraNumber', 'RERA Number')}
      <Field
        id="profile-gstin"
        label="GSTIN (optional)"
        error={errors.gstin?.message}
        hint="For GST invoices of your purchases: 15 characters, such as 36AABCU9603R1ZX."
      >
        <Input autoCapitalize="characters" maxLength={15} {...form.register('gstin')} />
      </Field>
      <Field id="profile-bio" label="Bio" error={errors.bio?.message}>
        <Textarea rows={3} maxLength={1000} {...form.register('bio')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  )
}
