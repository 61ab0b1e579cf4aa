// An avatar: a safe image when one is given, else a gradient derived from a seed (an address), so no lookup is needed.
import { useState, type JSX } from 'react'
import { avatarGradient, isSafeImageUrl } from './format.js'

/** Props of {@link Avatar}. */
export interface AvatarProps {
  src?: string
  seed?: string
  alt?: string
  size?: number
  shape?: 'circle' | 'rounded'
}

/** An image avatar that falls back to a seeded gradient (also when the image fails). */
export function Avatar({ src, seed = '', alt = '', size = 40, shape = 'circle' }: AvatarProps): JSX.Element {
  const [broken, setBroken] = useState(false)
  const cls = `fy-avatar fy-avatar-${shape}`
  if (isSafeImageUrl(src) && !broken) {
    return (
      <img
        className={cls}
        src={src}
        alt={alt}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    )
  }
  return (
    <span
      className={cls}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      style={{ width: size, height: size, background: avatarGradient(seed) }}
    />
  )
}
