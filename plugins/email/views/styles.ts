// Inline styles of the email views (the modal's stylesheet has no form fields; these follow its variables).

/** A text field. */
export const inputStyle = {
  width: '100%',
  boxSizing: 'border-box',
  height: 44,
  padding: '0 14px',
  borderRadius: 12,
  border: '1px solid var(--fy-surface-2)',
  background: 'var(--fy-surface)',
  color: 'var(--fy-text)',
  font: 'inherit',
} as const

/** A code field: wide, spaced digits. */
export const otpStyle = { ...inputStyle, textAlign: 'center', letterSpacing: '0.5em', fontSize: '1.3em' } as const

/** An error line. */
export const errorStyle = { color: 'var(--fy-error)', textAlign: 'center' } as const
