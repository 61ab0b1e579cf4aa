// The row every list in the modal is made of: wallets, networks, tokens, options.
import type { JSX, ReactNode } from 'react'
import { Avatar } from './Avatar.js'
import { Icon, type IconName } from './Icon.js'

/** Props of {@link ListItem}. */
export interface ListItemProps {
  label: ReactNode
  description?: ReactNode
  /** An icon name, or an image URL (untrusted: only http(s)/data:image load). */
  icon?: IconName
  imageUrl?: string
  /** Seed for the gradient avatar when there is no image. */
  imageSeed?: string
  /** Wallets and tokens are rounded squares (default); networks are round everywhere, as on the network button. */
  imageShape?: 'circle' | 'rounded'
  /** Right-hand content: a tag, an amount; defaults to a chevron on clickable rows. */
  end?: ReactNode
  selected?: boolean
  disabled?: boolean
  onClick?: () => void
  /** The visitor is about to click (pointer over, focus, pointer down): start fetching what the click needs. */
  onIntent?: () => void
  testId?: string
  /** Accessible name when `label` isn't plain text. */
  ariaLabel?: string
}

/** A clickable (button) or static (div) list row. */
export function ListItem({
  label,
  description,
  icon,
  imageUrl,
  imageSeed,
  imageShape = 'rounded',
  end,
  selected,
  disabled,
  onClick,
  onIntent,
  testId,
  ariaLabel,
}: ListItemProps): JSX.Element {
  const intent = onIntent && (() => onIntent())
  const media = icon ? (
    <span className="fy-li-icon">
      <Icon name={icon} size={20} />
    </span>
  ) : imageUrl !== undefined || imageSeed !== undefined ? (
    <Avatar src={imageUrl} seed={imageSeed ?? String(label)} size={36} shape={imageShape} />
  ) : null
  const body = (
    <>
      {media}
      <span className="fy-li-text">
        <span className="fy-li-label">{label}</span>
        {description ? <span className="fy-li-desc">{description}</span> : null}
      </span>
      {end ?? (onClick ? <Icon name={selected ? 'check' : 'chevron'} size={18} className="fy-li-end" /> : null)}
    </>
  )
  if (!onClick)
    return (
      <div className={`fy-li${selected ? ' fy-li-selected' : ''}`} data-testid={testId}>
        {body}
      </div>
    )
  return (
    <button
      type="button"
      className={`fy-li fy-li-action${selected ? ' fy-li-selected' : ''}`}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
      onPointerEnter={intent}
      onFocus={intent}
      onPointerDown={intent}
      aria-label={ariaLabel}
      aria-current={selected || undefined}
    >
      {body}
    </button>
  )
}
