import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type User = Schemas['User']
export type AgentType = Schemas['AgentType']
export type SendOtpRequest = Schemas['SendOtpRequest']
export type SendOtpResponse = Schemas['SendOtpResponse']
export type VerifyOtpRequest = Schemas['VerifyOtpRequest']
export type VerifyOtpResponse = Schemas['VerifyOtpResponse']
export type RegisterRequest = Schemas['RegisterRequest']
export type LoginRequest = Schemas['LoginRequest']
export type SendResetCodeRequest = Schemas['SendResetCodeRequest']
export type VerifyResetCodeRequest = Schemas['VerifyResetCodeRequest']
export type VerifyResetCodeResponse = Schemas['VerifyResetCodeResponse']
export type ResetPasswordRequest = Schemas['ResetPasswordRequest']
export type MessageResponse = Schemas['MessageResponse']
export type OutboxMessage = Schemas['OutboxMessage']
