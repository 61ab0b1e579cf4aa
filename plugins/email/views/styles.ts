// Inline styles of the email views beyond the UI kit's text field.
import { codeInputStyle } from '../../../shell/ui/index.js'

/** A code field: wide, spaced digits. */
export const otpStyle = codeInputStyle

/** An error line. */
export const errorStyle = { color: 'var(--fy-error)', textAlign: 'center' } as const
