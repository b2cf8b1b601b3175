import { describe, expect, it } from 'vitest'

/**
 * One form idiom (issue 20): every component that renders a `<form` keeps its fields in
 * react-hook-form checked by a zod schema, through `useZodForm` (components/ui/use-zod-form),
 * and shows each field's error with the shared `Field`. A form that holds its fields in
 * `useState` instead fails here.
 */
const sources = import.meta.glob(['/src/features/**/*.tsx', '/src/components/**/*.tsx', '!**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

/**
 * Forms that are not field forms and stay as they are. Each entry says why; keep this list short.
 */
const allowList: Record<string, string> = {
  // The chat box of a conversation: one textarea, no validation and no field errors (blank is not
  // sent, Enter sends). Its draft belongs to the thread pane, which clears it once the server took
  // the message, as a search box's text belongs to its list.
  '/src/features/messages/components/composer.tsx': 'single message box; the draft is the thread pane’s',
}

const formFiles = Object.entries(sources).filter(([, text]) => /<form\b/.test(text))

describe('the form idiom', () => {
  it('finds the forms (the scan itself works)', () => {
    expect(formFiles.length).toBeGreaterThan(10)
    expect(formFiles.map(([path]) => path)).toContain('/src/features/auth/components/login-form.tsx')
  })

  it.each(formFiles.filter(([path]) => !(path in allowList)))('%s keeps its fields in useZodForm', (_path, text) => {
    expect(text).toMatch(/import \{[^}]*\buseZodForm\b[^}]*\} from '@\/components\/ui\/use-zod-form'/)
    expect(text).toMatch(/\buseZodForm(<[^>]*>)?\(/)
  })

  it('allow-lists only files that still have a form', () => {
    for (const path of Object.keys(allowList)) expect(sources[path], path).toMatch(/<form\b/)
  })
})
