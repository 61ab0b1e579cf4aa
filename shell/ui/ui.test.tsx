import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from '../testing.js'
import { Avatar, ImagePreloadTimeoutMs, isSafeImageUrl, isSafeLinkUrl, ListItem, truncateAddress } from './index.js'

afterEach(cleanup)

describe('ui kit', () => {
  it('truncates addresses', () => {
    expect(truncateAddress('0x1234567890abcdef1234567890abcdef1234abcd')).toBe('0x1234…abcd')
    expect(truncateAddress('0x1234567890abcdef1234567890abcdef1234abcd', 4, 4)).toBe('0x12…abcd')
    expect(truncateAddress('short')).toBe('short')
    expect(truncateAddress(undefined)).toBe('')
  })

  it('accepts only http(s) and data:image images, and safe links', () => {
    expect(isSafeImageUrl('https://x/y.png')).toBe(true)
    expect(isSafeImageUrl('data:image/png;base64,AA')).toBe(true)
    expect(isSafeImageUrl('javascript:alert(1)')).toBe(false)
    expect(isSafeImageUrl('data:text/html,<b>')).toBe(false)
    expect(isSafeLinkUrl('javascript:alert(1)')).toBe(false)
    expect(isSafeLinkUrl('#terms')).toBe(true)
  })

  it('renders untrusted names as text and drops unsafe images', async () => {
    const { container } = await render(
      <>
        <ListItem label={'<img src=x onerror=alert(1)>'} imageUrl="javascript:alert(1)" testId="row" />
        <Avatar src="javascript:x" seed="a" />
      </>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>')
  })

  it('gives an image 2 s to load (SPEC §9 image preload time-out), then shows the gradient; a loaded one stays', async () => {
    expect(ImagePreloadTimeoutMs).toBe(2000)
    vi.useFakeTimers()
    try {
      const { container } = await render(
        <>
          <Avatar src="https://icons.test/slow.png" seed="slow" />
          <Avatar src="https://icons.test/fast.png" seed="fast" />
        </>,
      )
      const img = (name: string) => container.querySelector(`img[src$="${name}"]`)
      act(() => img('fast.png')!.dispatchEvent(new Event('load')))
      act(() => vi.advanceTimersByTime(1999))
      expect(img('slow.png')).not.toBeNull()
      act(() => vi.advanceTimersByTime(1))
      expect(img('slow.png')).toBeNull()
      expect(img('fast.png')).not.toBeNull()
      expect(container.querySelectorAll('span.fy-avatar')).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
