/** Password length bounds (the server's rule, docs/product.md#passwords). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
