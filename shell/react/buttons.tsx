// <ConnectButton/>, <AccountButton/>, <NetworkButton/>: they open the modal; every rule stays in the kernel.
import { useState, type JSX } from 'react'
import { accountProfile, activeCaipAddress, activeNetwork, isConnected, isConnecting } from '../../kernel/index.js'
import { addressOf, avatarGradient, isSafeImageUrl, truncateAddress } from '../ui/format.js'
import { ButtonFrame } from './ButtonFrame.js'
import { useFoyer } from './context.js'
import { useInlineStyle } from './ServerFrame.js'
import { useKernelValue } from './useKernelValue.js'

type Foyer = ReturnType<typeof useFoyer>

// A failed open (e.g. an unknown view) is reported through the kernel rather than thrown at the host page.
const open = (foyer: Foyer, view?: string) => {
  foyer.open(view ? { view } : undefined).catch(foyer.kernel.reportError)
}

// The visitor's intent (pointer over, focus, press) starts the downloads the click will wait for; no byte before it.
const intent = (foyer: Foyer, view?: string) => {
  const prefetch = () => foyer.prefetch(view ? { view } : undefined)
  return { onPointerEnter: prefetch, onFocus: prefetch, onPointerDown: prefetch }
}

/** Props of {@link ConnectButton}. */
export interface ConnectButtonProps {
  label?: string
  loadingLabel?: string
}

/** "Connect Wallet" while disconnected; the {@link AccountButton} once connected. */
export function ConnectButton({
  label = 'Connect Wallet',
  loadingLabel = 'Connecting…',
}: ConnectButtonProps): JSX.Element {
  const foyer = useFoyer()
  const connected = useKernelValue(foyer.kernel, isConnected)
  const connecting = useKernelValue(foyer.kernel, isConnecting)
  if (connected) return <AccountButton />
  return (
    <ButtonFrame>
      <button
        type="button"
        className="fyb-btn fyb-primary"
        data-testid="connect-button"
        aria-busy={connecting || undefined}
        onClick={() => open(foyer)}
        {...intent(foyer)}
      >
        {connecting ? (
          <>
            <span className="fyb-spinner" aria-hidden="true" />
            {loadingLabel}
          </>
        ) : (
          label
        )}
      </button>
    </ButtonFrame>
  )
}

// An image when it is safe to load (DESIGN §5) and loads, else the gradient from the seed: the modal's Avatar rule.
const ButtonAvatar = ({ src, seed }: { src?: string; seed: string }) => {
  const [broken, setBroken] = useState<string>()
  return isSafeImageUrl(src) && broken !== src ? (
    <img className="fyb-avatar" src={src} alt="" referrerPolicy="no-referrer" onError={() => setBroken(src)} />
  ) : (
    <Gradient seed={seed} />
  )
}

const Gradient = ({ seed }: { seed: string }) => (
  <span className="fyb-avatar" aria-hidden="true" {...useInlineStyle({ background: avatarGradient(seed) })} />
)

/** The connected account: its name and avatar when it has them (SPEC §3 profile), else `0x12…abcd`; opens Account. */
export function AccountButton(): JSX.Element | null {
  const foyer = useFoyer()
  const address = addressOf(useKernelValue(foyer.kernel, activeCaipAddress))
  const profile = useKernelValue(foyer.kernel, accountProfile)
  if (!address) return null
  const shown = profile?.name ?? truncateAddress(address, 4, 4)
  return (
    <ButtonFrame>
      <button
        type="button"
        className="fyb-btn fyb-secondary"
        data-testid="account-button"
        // WCAG 2.5.3 (axe label-content-name-mismatch): the name contains the label a visitor sees and may speak.
        aria-label={`Account ${shown}`}
        onClick={() => open(foyer, 'Account')}
        {...intent(foyer, 'Account')}
      >
        <ButtonAvatar src={profile?.image} seed={address} />
        {profile?.name ? <span data-testid="account-name">{profile.name}</span> : shown}
      </button>
    </ButtonFrame>
  )
}

/** The active network; opens Networks (disabled until a plugin provides that view). */
export function NetworkButton(): JSX.Element {
  const foyer = useFoyer()
  const network = useKernelValue(foyer.kernel, activeNetwork)
  const available = useKernelValue(foyer.kernel, () => foyer.kernel.viewIds().includes('Networks'))
  return (
    <ButtonFrame>
      <button
        type="button"
        className="fyb-btn fyb-secondary"
        data-testid="network-button"
        disabled={!available}
        onClick={() => open(foyer, 'Networks')}
        {...intent(foyer, 'Networks')}
      >
        <ButtonAvatar src={network?.imageUrl} seed={network?.caipNetworkId ?? 'none'} />
        {network?.name ?? 'Select network'}
      </button>
    </ButtonFrame>
  )
}
