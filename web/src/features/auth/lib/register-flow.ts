/** Seconds before a new code may be requested (docs/product.md#otp). */
export const RESEND_WAIT_SECONDS = 30
export const OTP_LENGTH = 6

export type RegisterStep = 'phone' | 'otp' | 'details'

/** Where the three-step registration stands. */
export type RegisterState = {
  step: RegisterStep
  /** What the agent typed as their WhatsApp number (kept when they come back to change it). */
  phoneInput: string
  /** The number the code was sent to, as the server normalised it. */
  phone: string
  otp: string
  verified: boolean
}

export type RegisterAction =
  | { type: 'phoneInput'; value: string }
  | { type: 'codeSent'; phone: string; otp: string }
  | { type: 'otpInput'; value: string }
  | { type: 'verified' }
  /** Change Number, or the server no longer sees the phone verified: back to the first step. */
  | { type: 'restart' }

export const initialRegisterState: RegisterState = { step: 'phone', phoneInput: '', phone: '', otp: '', verified: false }

/** The code as typed: digits only, at most OTP_LENGTH. */
export function otpDigits(value: string) {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH)
}

export function registerReducer(state: RegisterState, action: RegisterAction): RegisterState {
  switch (action.type) {
    case 'phoneInput':
      return { ...state, phoneInput: action.value }
    case 'codeSent':
      return { ...state, step: 'otp', phone: action.phone, otp: action.otp, verified: false }
    case 'otpInput':
      return { ...state, otp: otpDigits(action.value) }
    case 'verified':
      return { ...state, step: 'details', verified: true }
    case 'restart':
      return { ...state, step: 'phone', otp: '', verified: false }
  }
}
