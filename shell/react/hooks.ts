// Hooks over kernel state: each subscribes to exactly the values it returns (no signals runtime on the host's page).
import {
  activeCaipAddress,
  connectorById,
  namespaceOf,
  referenceOf,
  type KernelState,
  type NamespaceStatus,
} from '../../kernel/index.js'
import { addressOf } from '../ui/format.js'
import { useFoyer } from './context.js'
import { useKernelValue } from './useKernelValue.js'

/** A value derived from kernel state; the component re-renders only when it changes. */
export function useFoyerState<T>(selector: (state: KernelState) => T): T {
  return useKernelValue(useFoyer().kernel, selector)
}

/** SPEC §4 `initialized`: false until start-up has settled (a stored connection restored or given up), then true. */
export function useFoyerInitialized(): boolean {
  return useKernelValue(useFoyer().kernel, (s) => s.initialization?.initialized === true)
}

/** What {@link useFoyerAccount} returns. */
export interface FoyerAccount {
  address?: string
  caipAddress?: string
  isConnected: boolean
  status: NamespaceStatus
  namespace?: string
}

/** The active account. */
export function useFoyerAccount(): FoyerAccount {
  const { kernel } = useFoyer()
  const caipAddress = useKernelValue(kernel, activeCaipAddress)
  const namespace = useKernelValue(kernel, (s) => s.account.activeNamespace)
  const status = useKernelValue(
    kernel,
    (s) => (s.account.activeNamespace && s.account.namespaces[s.account.activeNamespace]?.status) || 'disconnected',
  )
  return {
    address: addressOf(caipAddress),
    caipAddress,
    isConnected: status === 'connected' && !!caipAddress,
    status,
    namespace,
  }
}

/** What {@link useFoyerNetwork} returns. */
export interface FoyerNetwork {
  caipNetworkId?: string
  chainId?: number | string
  namespace?: string
  switchNetwork(caipNetworkId: string): Promise<void>
}

/** The active network and a switcher. */
export function useFoyerNetwork(): FoyerNetwork {
  const foyer = useFoyer()
  const caipNetworkId = useKernelValue(foyer.kernel, (s) => s.account.activeCaipNetworkId)
  const namespace = namespaceOf(caipNetworkId)
  const reference = referenceOf(caipNetworkId)
  // EVM chain ids are numbers; other namespaces' references are strings (a genesis hash prefix).
  const chainId = reference === undefined ? undefined : namespace === 'eip155' ? Number(reference) : reference
  return { caipNetworkId, chainId, namespace, switchNetwork: foyer.switchNetwork }
}

/** What {@link useWalletInfo} returns. */
export interface WalletInfo {
  connectorId: string
  name?: string
  icon?: string
  rdns?: string
}

/** The connected wallet: its connector id, plus name, icon and rdns from the kernel's connector list. */
export function useWalletInfo(): { walletInfo?: WalletInfo } {
  const { kernel } = useFoyer()
  const connectorId = useKernelValue(kernel, (s) => {
    const c = s.account.activeNamespace ? s.account.namespaces[s.account.activeNamespace] : undefined
    return c?.status === 'connected' ? c.connectorId : undefined
  })
  const connector = useKernelValue(kernel, (s) => connectorById(s, connectorId))
  if (!connectorId) return { walletInfo: undefined }
  return {
    walletInfo: {
      connectorId,
      ...(connector?.name ? { name: connector.name } : {}),
      ...(connector?.imageUrl ? { icon: connector.imageUrl } : {}),
      ...(connector?.rdns ? { rdns: connector.rdns } : {}),
    },
  }
}

/** A disconnect function bound to the current Foyer instance. */
export function useDisconnect(): { disconnect: ReturnType<typeof useFoyer>['disconnect'] } {
  return { disconnect: useFoyer().disconnect }
}

/** A connect function bound to the current Foyer instance (resolves with the account; "Modal closed" if abandoned). */
export function useConnect(): { connect: ReturnType<typeof useFoyer>['connect'] } {
  return { connect: useFoyer().connect }
}
