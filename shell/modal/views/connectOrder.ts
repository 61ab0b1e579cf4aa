// SPEC §9 connect method order: email, social, wallet — wallet first when an injected wallet is found. Hosts may
// set `features.connectMethodsOrder`. Connectors are read structurally from whichever plugin published them.
import type { KernelState } from '../../../kernel/index.js'

const SlotOf = { email: 'ConnectEmail', social: 'ConnectSocials', wallet: 'ConnectWallets' } as const

type Method = keyof typeof SlotOf

const isMethod = (m: unknown): m is Method => typeof m === 'string' && m in SlotOf

/** The connect slot view ids in display order. */
export function connectSlotOrder(state: KernelState): string[] {
  const configured = state.config.features.connectMethodsOrder
  let order: Method[] =
    Array.isArray(configured) && configured.every(isMethod) && configured.length
      ? [...configured]
      : ['email', 'social', 'wallet']
  if (!Array.isArray(configured)) {
    const connectors = (state as unknown as { namespaces?: { connectors?: Array<{ type?: string }> } }).namespaces
      ?.connectors
    const injected =
      Array.isArray(connectors) && connectors.some((c) => c?.type === 'INJECTED' || c?.type === 'ANNOUNCED')
    if (injected) order = ['wallet', ...order.filter((m) => m !== 'wallet')]
  }
  // Methods the host left out of a custom order still render, after the listed ones.
  for (const m of Object.keys(SlotOf) as Method[]) if (!order.includes(m)) order.push(m)
  return order.map((m) => SlotOf[m])
}
