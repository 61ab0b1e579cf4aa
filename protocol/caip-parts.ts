// The parts of CAIP ids the first paint needs (which namespace, which address), kept apart from the validators in
// caip.ts so the initial bundle carries only these few lines.

/** The namespace of a CAIP-2 or CAIP-10 id (`eip155:1:0xabc` → `eip155`); undefined for a malformed one. */
export function namespaceOf(caipId: string | undefined): string | undefined {
  if (!caipId) return undefined
  const ns = caipId.split(':', 1)[0]
  return /^[-a-z0-9]{3,8}$/.test(ns) && caipId.length > ns.length + 1 ? ns : undefined
}

/** The CAIP-2 network of a CAIP-10 account id (`eip155:1:0xabc` → `eip155:1`); undefined for a malformed one. */
export function networkOfAddress(caipAddress: string | undefined): string | undefined {
  if (!caipAddress) return undefined
  const parts = caipAddress.split(':')
  return parts.length === 3 && parts.every((p) => p.length > 0) ? `${parts[0]}:${parts[1]}` : undefined
}

/** The address part of a CAIP-10 account id (`eip155:1:0xabc` → `0xabc`); undefined for a malformed one. */
export function addressOf(caipAddress: string | undefined): string | undefined {
  if (!caipAddress) return undefined
  const parts = caipAddress.split(':')
  return parts.length === 3 && parts.every((p) => p.length > 0) ? parts[2] : undefined
}

/** The reference part of a CAIP-2 id (`eip155:8453` → `8453`); undefined for a malformed one. */
export function referenceOf(caipNetworkId: string | undefined): string | undefined {
  if (!caipNetworkId) return undefined
  const parts = caipNetworkId.split(':')
  return parts.length === 2 && parts.every((p) => p.length > 0) ? parts[1] : undefined
}
