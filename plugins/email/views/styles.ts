// Inline styles of the email views beyond the UI kit's text field.
import { inputStyle } from '../../../shell/ui/index.js'

/** A code field: wide, spaced digits. */
export const otpStyle = { ...inputStyle, textAlign: 'center', letterSpacing: '0.5em', fontSize: '1.3em' } as const

/** An error line. */
export const errorStyle = { color: 'var(--fy-error)', textAlign: 'center' } as const
