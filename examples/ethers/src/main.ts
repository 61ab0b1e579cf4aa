// ethers v6 on Foyer: `foyer.getProvider('eip155')` is an EIP-1193 provider, so ethers' BrowserProvider signs and
// sends through whatever wallet the visitor connected in Foyer's modal (injected, WalletConnect, embedded).
import { BrowserProvider, formatEther, parseEther } from 'ethers'
import { createFoyer, defineFoyerElements } from 'foyer'
import { installDevWallet } from '../../../demo/dev-wallet.js'

interface Stack {
  projectId: string
  apiUrl?: string
  relayUrl?: string
  secureSiteUrl?: string
  chains?: Array<{ chainId: number; rpcUrl: string }>
}
// The local stack's URLs, injected by the Foyer server's demo page server (`npm start`); an app writes its own.
const stack: Stack = {
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  ...(window as { __FOYER_DEMO__?: Partial<Stack> }).__FOYER_DEMO__,
}
// Only for the local stack: the demo's in-page dev wallet over anvil's unlocked account. A real app leaves this out.
if (stack.chains?.length) installDevWallet(stack.chains)

const foyer = createFoyer({
  projectId: stack.projectId,
  metadata: { name: 'Foyer + ethers', description: 'ethers v6 on Foyer', url: location.origin, icons: [] },
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }],
  adapters: ['eip155'],
  apiUrl: stack.apiUrl,
  relayUrl: stack.relayUrl,
  secureSiteUrl: stack.secureSiteUrl,
  customRpcUrls: Object.fromEntries((stack.chains ?? []).map((c) => [`eip155:${c.chainId}`, [c.rpcUrl]])),
})
defineFoyerElements(foyer)
// A devtools convenience, as on the demo page: `foyer.getState()`, `foyer.disconnect()` in the console.
Object.assign(window, { foyer })

const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
const eip1193 = foyer.getProvider('eip155')
// A new BrowserProvider after each chain change: ethers pins a provider to the network it first saw.
let ethers = new BrowserProvider(eip1193)

async function show(accounts: string[]) {
  $('ethers-address').textContent = accounts[0] ?? '—'
  if (!accounts[0]) return void ($('ethers-balance').textContent = '—')
  const network = await ethers.getNetwork()
  $('ethers-chain').textContent = String(network.chainId)
  $('ethers-balance').textContent = `${formatEther(await ethers.getBalance(accounts[0]))} ETH`
}
const fail = (error: unknown) => ($('ethers-error').textContent = (error as Error).message)

eip1193.on('accountsChanged', (accounts: string[]) => void show(accounts).catch(fail))
eip1193.on('chainChanged', () => {
  ethers = new BrowserProvider(eip1193)
  void eip1193
    .request({ method: 'eth_accounts' })
    .then((a) => show(a as string[]))
    .catch(fail)
})
void eip1193
  .request({ method: 'eth_accounts' })
  .then((a) => show(a as string[]))
  .catch(fail)

$('ethers-sign').addEventListener('click', async () => {
  try {
    // getSigner() asks for accounts: with nothing connected, Foyer's modal opens.
    const signer = await ethers.getSigner()
    $('ethers-signature').textContent = await signer.signMessage(($('ethers-message') as HTMLInputElement).value)
  } catch (error) {
    fail(error)
  }
})

$('ethers-send').addEventListener('click', async () => {
  try {
    const signer = await ethers.getSigner()
    const to = ($('ethers-to') as HTMLInputElement).value
    const tx = await signer.sendTransaction({ to, value: parseEther('0.001') })
    $('ethers-tx').textContent = tx.hash
    $('ethers-tx-status').textContent = (await tx.wait())?.status === 1 ? 'success' : 'reverted'
  } catch (error) {
    fail(error)
  }
})
