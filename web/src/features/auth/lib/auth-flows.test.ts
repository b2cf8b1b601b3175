import { describe, expect, it } from 'vitest'
import { initialResetState, resetReducer } from '@/features/auth/lib/password-reset-flow'
import {
  initialRegisterState,
  OTP_VALID_SECONDS,
  otpDigits,
  registerReducer,
  RESEND_WAIT_SECONDS,
  resendWaitLeft,
  stillValidCode,
  type RegisterAction,
} from '@/features/auth/lib/register-flow'

describe('registerReducer', () => {
  const run = (...actions: RegisterAction[]) => actions.reduce(registerReducer, initialRegisterState)

  it('goes phone → otp → details, keeping the number the code went to', () => {
    const sent = run({ type: 'phoneInput', value: '98765 43210' }, { type: 'codeSent', phone: '+919876543210', otp: '123456', at: 1000 })
    expect(sent).toEqual({
      step: 'otp',
      phoneInput: '98765 43210',
      phone: '+919876543210',
      otp: '123456',
      verified: false,
      sent: { '+919876543210': { at: 1000, otp: '123456' } },
    })
    expect(registerReducer(sent, { type: 'verified' })).toMatchObject({ step: 'details', verified: true, phone: '+919876543210' })
  })

  it('keeps only up to six digits of a typed code', () => {
    expect(otpDigits('12a3-4567')).toBe('123456')
    expect(run({ type: 'otpInput', value: '1 2x3' }).otp).toBe('123')
  })

  it('restarts at the phone step with the typed number kept and the code and verification gone', () => {
    const state = run(
      { type: 'phoneInput', value: '+919876543210' },
      { type: 'codeSent', phone: '+919876543210', otp: '', at: 1000 },
      { type: 'otpInput', value: '654321' },
      { type: 'verified' },
      { type: 'restart' },
    )
    // The verified code is used up: nothing to return to.
    expect(state).toEqual({ step: 'phone', phoneInput: '+919876543210', phone: '+919876543210', otp: '', verified: false, sent: {} })
  })

  it('after Change Number, returns to a still-valid code with what was typed for it, and forgets it when expired', () => {
    const afterChange = run(
      { type: 'codeSent', phone: '+919876543210', otp: '', at: 1_000 },
      { type: 'otpInput', value: '12' },
      { type: 'restart' },
    )
    expect(afterChange.step).toBe('phone')
    expect(stillValidCode(afterChange, '+919876543210', 1_000 + 9 * 60_000)).toEqual({ at: 1_000, otp: '12' })
    expect(stillValidCode(afterChange, '+919876543210', 1_000 + OTP_VALID_SECONDS * 1000)).toBeNull()
    expect(stillValidCode(afterChange, '+919999999999', 2_000)).toBeNull()
    const back = registerReducer(afterChange, { type: 'returnToCode', phone: '+919876543210' })
    expect(back).toMatchObject({ step: 'otp', phone: '+919876543210', otp: '12' })
  })

  it('counts the resend wait from when the code was sent', () => {
    expect(resendWaitLeft({ at: 0, otp: '' }, 10_000)).toBe(RESEND_WAIT_SECONDS - 10)
    expect(resendWaitLeft({ at: 0, otp: '' }, 45_000)).toBe(0)
  })
})

describe('resetReducer', () => {
  it('carries the email and the code to the last step and starts over empty', () => {
    const code = resetReducer(initialResetState, { type: 'codeSent', email: 'ravi@example.com' })
    expect(code).toEqual({ step: 'code', email: 'ravi@example.com', code: '' })
    const password = resetReducer(code, { type: 'codeVerified', code: '123456' })
    expect(password).toEqual({ step: 'password', email: 'ravi@example.com', code: '123456' })
    expect(resetReducer(password, { type: 'restart' })).toEqual(initialResetState)
  })
})
