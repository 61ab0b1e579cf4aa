// Inline styles of form fields in plugin views (the modal's stylesheet has none; these follow its variables).

/** A text field: full width, the modal's surface and text colours. */
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
