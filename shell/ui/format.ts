// Small, dependency-free formatting helpers shared by the shell and plugin views; URL safety is the kernel's one rule.
import { addressOf as caipAddressPart, safeImageUrl } from '../../kernel/index.js'

/** Shortens an address to `head` leading and `tail` trailing characters: `0x1234…abcd`. */
export function truncateAddress(address: string | undefined, head = 6, tail = 4): string {
  if (!address) return ''
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

/** The address part of a CAIP-10 account id (`eip155:1:0xabc` → `0xabc`). */
export function addressOf(caipAddress: string | undefined): string | undefined {
  return caipAddressPart(caipAddress)
}

/** True for images we may load: http(s) and data:image only (server data is untrusted, DESIGN §5). */
export function isSafeImageUrl(url: unknown): url is string {
  return safeImageUrl(url) !== undefined
}

const hue = (seed: string, salt: number) => {
  let h = salt
  for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) >>> 0
  return h % 360
}

/** The one gradient painted for a seed (an address, a network id) wherever no image stands for it. */
export function avatarGradient(seed: string): string {
  return `linear-gradient(135deg, hsl(${hue(seed, 7)} 75% 60%), hsl(${hue(seed, 13)} 70% 45%))`
}
