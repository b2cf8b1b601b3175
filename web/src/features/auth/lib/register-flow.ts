/** Seconds before a new code may be requested (docs/product.md#otp). */
export const RESEND_WAIT_SECONDS = 30
/** How long a sent code stays valid on the server (docs/product.md#otp). */
export const OTP_VALID_SECONDS = 10 * 60
export const OTP_LENGTH = 6

export type RegisterStep = 'phone' | 'otp' | 'details'

/** A code sent during this registration: when, and what was typed (or auto-filled) for it. */
export type SentCode = { at: number; otp: string }

/** Where the three-step registration stands. */
export type RegisterState = {
  step: RegisterStep
  /** What the agent typed as their WhatsApp number (kept when they come back to change it). */
  phoneInput: string
  /** The number the code was sent to, as the server normalised it. */
  phone: string
  otp: string
  verified: boolean
  /** Codes sent so far, by number: going back to a number whose code is still valid returns to it. */
  sent: Record<string, SentCode>
}

export type RegisterAction =
  | { type: 'phoneInput'; value: string }
  | { type: 'codeSent'; phone: string; otp: string; at: number }
  | { type: 'otpInput'; value: string }
  | { type: 'verified' }
  /** Change Number, or the server no longer sees the phone verified: back to the first step. */
  | { type: 'restart' }
  /** The agent chose a number whose code is still valid: back to entering that code. */
  | { type: 'returnToCode'; phone: string }

export const initialRegisterState: RegisterState = { step: 'phone', phoneInput: '', phone: '', otp: '', verified: false, sent: {} }

/** The code as typed: digits only, at most OTP_LENGTH. */
export function otpDigits(value: string) {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH)
}

/** The code sent to phone during this registration, while the server still takes it; else null. */
export function stillValidCode(state: RegisterState, phone: string, now: number): SentCode | null {
  const sent = state.sent[phone]
  return sent && now - sent.at < OTP_VALID_SECONDS * 1000 ? sent : null
}

/** Seconds left before the server sends phone another code (0: now). */
export function resendWaitLeft(sent: SentCode, now: number) {
  return Math.max(0, Math.ceil(RESEND_WAIT_SECONDS - (now - sent.at) / 1000))
}

function withoutCode(sent: Record<string, SentCode>, phone: string) {
  const rest = { ...sent }
  delete rest[phone]
  return rest
}

export function registerReducer(state: RegisterState, action: RegisterAction): RegisterState {
  switch (action.type) {
    case 'phoneInput':
      return { ...state, phoneInput: action.value }
    case 'codeSent':
      return {
        ...state,
        step: 'otp',
        phone: action.phone,
        otp: action.otp,
        verified: false,
        sent: { ...state.sent, [action.phone]: { at: action.at, otp: action.otp } },
      }
    case 'otpInput':
      return { ...state, otp: otpDigits(action.value) }
    case 'verified':
      // The code is used up.
      return { ...state, step: 'details', verified: true, sent: withoutCode(state.sent, state.phone) }
    case 'restart': {
      // Keep what was typed for this number's code, for a return to it.
      const current = state.sent[state.phone]
      const sent = current ? { ...state.sent, [state.phone]: { ...current, otp: state.otp } } : state.sent
      return { ...state, step: 'phone', otp: '', verified: false, sent }
    }
    case 'returnToCode': {
      const sent = state.sent[action.phone]
      if (!sent) return state
      return { ...state, step: 'otp', phone: action.phone, otp: sent.otp, verified: false }
    }
  }
}
