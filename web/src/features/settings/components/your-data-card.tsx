import * as React from 'react'
import { Download, Loader2, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { deleteMyAccount } from '@/features/settings/api/delete-my-account'
import { downloadMyData } from '@/features/settings/api/download-my-data'
import { DeleteAccountDialog } from '@/features/settings/components/delete-account-dialog'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import { browserPage } from '@/lib/chunk-reload'
import { paths } from '@/app/paths'

/** Your data (India's DPDP Act 2023): download everything PropMatch holds about you, or delete your account. */
export function YourDataCard() {
  const [deleting, setDeleting] = React.useState(false)
  const [passwordError, setPasswordError] = React.useState<string>()
  const download = useApiMutation(downloadMyData, {
    successToast: (name) => ({ variant: 'success', title: 'Your data is downloading', description: name }),
    errorToast: 'Could not download your data',
  })
  const remove = useApiMutation(deleteMyAccount, {
    errorToast: 'Could not delete your account',
    // The session has ended: a fresh load of the landing page drops everything this tab held of the account
    // (an in-app navigation would race the signed-in pages, which send a signed-out visitor to /auth).
    onSuccess: () => browserPage.assign(paths.home.to()),
    onError: (e: ApiError) => setPasswordError(e.errors?.find((f) => f.path === 'password')?.message),
  })
  return (
    <Card data-testid="your-data">
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>
          Under India&apos;s Digital Personal Data Protection Act you may have a copy of your data, or have it erased.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <p className="text-sm text-subtle-foreground">
            One JSON file with your profile, listings, requirements and their clients, matches, messages, connections, courses, certificates
            and sessions. Up to 3 downloads an hour.
          </p>
          <Button variant="outline" className="justify-self-start" onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? <Loader2 className="animate-spin" /> : <Download aria-hidden />}
            Download My Data
          </Button>
        </div>
        <div className="grid gap-2 border-t border-border pt-6">
          <p className="text-sm text-subtle-foreground">
            Deleting your account removes your listings, requirements and matches and signs you out. Messages you sent stay with their
            receivers as from &ldquo;Deleted agent&rdquo;.
          </p>
          <Button
            variant="destructive"
            className="justify-self-start"
            onClick={() => {
              setPasswordError(undefined)
              setDeleting(true)
            }}
          >
            <Trash2 aria-hidden /> Delete My Account
          </Button>
        </div>
      </CardContent>
      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        pending={remove.isPending}
        error={passwordError}
        onDelete={(password) => {
          setPasswordError(undefined)
          remove.mutate(password)
        }}
      />
    </Card>
  )
}
