import { describe, expect, it } from 'vitest'
import { initialResetState, resetReducer } from '@/features/auth/lib/password-reset-flow'
import { initialRegisterState, otpDigits, registerReducer, type RegisterAction } from '@/features/auth/lib/register-flow'

describe('registerReducer', () => {
  const run = (...actions: RegisterAction[]) => actions.reduce(registerReducer, initialRegisterState)

  it('goes phone → otp → details, keeping the number the code went to', () => {
    const sent = run({ type: 'phoneInput', value: '98765 43210' }, { type: 'codeSent', phone: '+919876543210', otp: '123456' })
    expect(sent).toEqual({ step: 'otp', phoneInput: '98765 43210', phone: '+919876543210', otp: '123456', verified: false })
    expect(registerReducer(sent, { type: 'verified' })).toMatchObject({ step: 'details', verified: true, phone: '+919876543210' })
  })

  it('keeps only up to six digits of a typed code', () => {
    expect(otpDigits('12a3-4567')).toBe('123456')
    expect(run({ type: 'otpInput', value: '1 2x3' }).otp).toBe('123')
  })

  it('restarts at the phone step with the typed number kept and the code and verification gone', () => {
    const state = run(
      { type: 'phoneInput', value: '+919876543210' },
      { type: 'codeSent', phone: '+919876543210', otp: '' },
      { type: 'otpInput', value: '654321' },
      { type: 'verified' },
      { type: 'restart' },
    )
    expect(state).toEqual({ step: 'phone', phoneInput: '+919876543210', phone: '+919876543210', otp: '', verified: false })
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
