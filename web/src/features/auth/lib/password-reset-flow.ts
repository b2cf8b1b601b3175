export type ResetStep = 'email' | 'code' | 'password'

/** Where the forgot-password dialog stands: the email and code carry over to the last step. */
export type ResetState = { step: ResetStep; email: string; code: string }

export type ResetAction =
  | { type: 'codeSent'; email: string }
  | { type: 'codeVerified'; code: string }
  /** Start over, or the dialog closed. */
  | { type: 'restart' }

export const initialResetState: ResetState = { step: 'email', email: '', code: '' }

export const RESET_CODE_LENGTH = 6

export function resetReducer(state: ResetState, action: ResetAction): ResetState {
  switch (action.type) {
    case 'codeSent':
      return { ...state, step: 'code', email: action.email }
    case 'codeVerified':
      return { ...state, step: 'password', code: action.code }
    case 'restart':
      return initialResetState
  }
}
