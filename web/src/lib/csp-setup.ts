// Imported first by main.tsx: schemas are built as modules load, so Zod must be told not to
// compile code before any other module runs (see configureForCsp).
import { configureForCsp } from '@/lib/csp'

configureForCsp()
