// Text, Button, Spinner and EmptyState: the smallest pieces plugin views compose. Styled by the modal stylesheet.
import type { ButtonHTMLAttributes, JSX, ReactNode } from 'react'
import { Icon, type IconName } from './Icon.js'

/** Props of {@link Text}. */
export interface TextProps {
  variant?: 'title' | 'body' | 'small' | 'muted' | 'mono'
  as?: 'p' | 'span' | 'h2' | 'h3' | 'div'
  className?: string
  children?: ReactNode
  testId?: string
}

/** Themed text. */
export function Text({ variant = 'body', as: Tag = 'p', className, children, testId }: TextProps): JSX.Element {
  return (
    <Tag className={`fy-text fy-text-${variant}${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </Tag>
  )
}

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'sm' | 'md' | 'lg'
  icon?: IconName
  loading?: boolean
  testId?: string
}

/** A themed button; `loading` shows a spinner and disables it. */
export function Button({
  variant = 'primary',
  size = 'md',
  icon,
  loading,
  testId,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps): JSX.Element {
  return (
    <button
      {...rest}
      type={type}
      data-testid={testId}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`fy-btn fy-btn-${variant} fy-btn-${size}${className ? ` ${className}` : ''}`}
    >
      {loading ? <Spinner size={16} /> : icon ? <Icon name={icon} size={18} /> : null}
      {children}
    </button>
  )
}

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  size?: number
  label?: string
}

/** An indeterminate progress ring. */
export function Spinner({ size = 24, label }: SpinnerProps): JSX.Element {
  return (
    <span
      className="fy-spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ width: size, height: size }}
    />
  )
}

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  icon?: IconName
  title: string
  description?: ReactNode
  action?: ReactNode
  testId?: string
}

/** A friendly placeholder for a list with nothing in it. */
export function EmptyState({ icon = 'info', title, description, action, testId }: EmptyStateProps): JSX.Element {
  return (
    <div className="fy-empty" data-testid={testId}>
      <span className="fy-empty-icon">
        <Icon name={icon} size={24} />
      </span>
      <p className="fy-text fy-text-body fy-strong">{title}</p>
      {description ? <p className="fy-text fy-text-muted">{description}</p> : null}
      {action}
    </div>
  )
}
