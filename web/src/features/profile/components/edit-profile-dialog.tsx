import * as React from 'react'
import { Camera, Loader2 } from 'lucide-react'
import { AgentAvatar } from '@/components/agent-avatar'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { updateProfile, type ProfileUpdate } from '@/features/profile/api/profile-api'
import { pictureProblem, PICTURE_TYPES, readDataURL } from '@/features/profile/lib/picture'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import type { User } from '@/lib/api-schemas'

type Form = { fullName: string; email: string; bio: string; agentType: NonNullable<ProfileUpdate['agentType']>; reraNumber: string }

function formOf(u: User): Form {
  return { fullName: u.fullName, email: u.email ?? '', bio: u.bio ?? '', agentType: u.agentType, reraNumber: u.reraNumber ?? '' }
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
  const [form, setForm] = React.useState<Form>(() => formOf(user))
  const [picture, setPicture] = React.useState<string | null>(user.profilePicture)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const fileInput = React.useRef<HTMLInputElement>(null)
  const save = useApiMutation(updateProfile, {
    successToast: { variant: 'success', title: 'Profile updated', description: 'Your profile has been successfully updated.' },
    errorToast: 'Update failed',
    onSuccess: onDone,
    onError: (e: ApiError) => setErrors(Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.message]))),
  })
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))

  const onPicture = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const problem = pictureProblem(file)
    if (problem) {
      toast({ variant: 'destructive', ...problem })
      return
    }
    setPicture(await readDataURL(file))
    setErrors(({ profilePicture: _, ...rest }) => rest)
  }

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    const next: Record<string, string> = {}
    if (!form.fullName.trim()) next.fullName = 'Full name is required'
    if (form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) next.email = 'Enter a valid email address'
    setErrors(next)
    if (Object.keys(next).length) return
    save.mutate({ ...form, profilePicture: picture })
  }

  const text = (k: 'fullName' | 'email' | 'reraNumber', label: string, type = 'text') => (
    <Field id={`profile-${k}`} label={label} error={errors[k]}>
      <Input type={type} value={form[k]} onChange={set(k)} />
    </Field>
  )
  const fixed = (k: 'phone' | 'state' | 'city', label: string) => (
    <Field id={`profile-${k}`} label={label} error={errors[k]}>
      <Input value={user[k]} disabled readOnly />
    </Field>
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="flex items-center gap-4">
        <div className="relative">
          <AgentAvatar name={form.fullName || user.fullName} picture={picture} className="size-20 text-2xl" />
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
            <button type="button" className="justify-self-start text-destructive hover:underline" onClick={() => setPicture(null)}>
              Remove picture
            </button>
          )}
          {errors.profilePicture && (
            <p className="text-destructive" role="alert">
              {errors.profilePicture}
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
      <Field id="profile-agentType" label="Agent Type" error={errors.agentType}>
        <NativeSelect value={form.agentType} onChange={set('agentType')}>
          <option value="buyer">Buyer Agent</option>
          <option value="seller">Seller Agent</option>
          <option value="both">Both</option>
        </NativeSelect>
      </Field>
      {text('reraNumber', 'RERA Number')}
      <Field id="profile-bio" label="Bio" error={errors.bio}>
        <Textarea rows={3} value={form.bio} onChange={set('bio')} maxLength={1000} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  )
}
