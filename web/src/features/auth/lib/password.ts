/** Password length bounds (the server's rule, spec section 9). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
