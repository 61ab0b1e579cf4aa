// wagmi's hooks on the connection made in Foyer's modal: account, balance, a transaction, an ERC-20 transfer, a
// signature, a batch of calls, a chain switch and a disconnect.
import { useState } from 'react'
import { erc20Abi, isAddress, parseEther, parseUnits, type Address } from 'viem'
import {
  useAccount,
  useBalance,
  useChainId,
  useChains,
  useDisconnect,
  useSendCalls,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
  useWaitForCallsStatus,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import { ConnectButton } from 'foyer'

function Receipt({ hash, id }: { hash?: `0x${string}`; id: string }) {
  const receipt = useWaitForTransactionReceipt({ hash })
  if (!hash) return null
  return (
    <p>
      <code data-testid={`${id}-hash`}>{hash}</code>{' '}
      <span data-testid={`${id}-status`}>{receipt.data?.status ?? 'pending'}</span>
    </p>
  )
}

function CallsStatus({ id }: { id?: string }) {
  const status = useWaitForCallsStatus({ id })
  if (!id) return null
  return <span data-testid="calls-status">{status.data?.status ?? (status.error ? 'error' : 'pending')}</span>
}

/** The page. */
export function App() {
  const account = useAccount()
  const balance = useBalance({ address: account.address })
  const chains = useChains()
  const chainId = useChainId()
  const { disconnect } = useDisconnect()
  const { switchChain } = useSwitchChain()
  const send = useSendTransaction()
  const write = useWriteContract()
  const sign = useSignMessage()
  const calls = useSendCalls()
  const [to, setTo] = useState('')
  const [eth, setEth] = useState('0.01')
  const [token, setToken] = useState('')
  const [amount, setAmount] = useState('1')
  const recipient = isAddress(to) ? (to as Address) : undefined
  const error = send.error ?? write.error ?? sign.error ?? calls.error

  return (
    <main style={{ fontFamily: 'system-ui', maxWidth: 640, margin: '2rem auto' }}>
      <h1>Foyer + wagmi</h1>
      <ConnectButton />
      <dl>
        <dt>wagmi status</dt>
        <dd data-testid="wagmi-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{account.address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{account.chainId ?? '—'}</dd>
        <dt>Chain (useChainId)</dt>
        <dd data-testid="wagmi-chain-id">{chainId}</dd>
        <dt>Balance</dt>
        <dd data-testid="wagmi-balance">
          {balance.data ? `${balance.data.value} wei` : (balance.error?.message ?? '—')}
        </dd>
      </dl>
      {account.isConnected && (
        <>
          <p>
            {chains.map((c) => (
              <button key={c.id} data-testid={`wagmi-switch-${c.id}`} onClick={() => switchChain({ chainId: c.id })}>
                {c.name}
              </button>
            ))}{' '}
            <button data-testid="wagmi-disconnect" onClick={() => disconnect()}>
              Disconnect (wagmi)
            </button>
          </p>
          <h2>Send</h2>
          <input data-testid="to" placeholder="0x… recipient" value={to} onChange={(e) => setTo(e.target.value)} />
          <input data-testid="eth" value={eth} onChange={(e) => setEth(e.target.value)} />
          <button
            data-testid="send-eth"
            disabled={!recipient}
            onClick={() => send.sendTransaction({ to: recipient!, value: parseEther(eth) })}
          >
            Send ETH (useSendTransaction)
          </button>
          <Receipt hash={send.data} id="send" />
          <h2>ERC-20 transfer</h2>
          <input data-testid="token" placeholder="0x… token" value={token} onChange={(e) => setToken(e.target.value)} />
          <input data-testid="amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
          <button
            data-testid="write-transfer"
            disabled={!recipient || !isAddress(token)}
            onClick={() =>
              write.writeContract({
                address: token as Address,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [recipient!, parseUnits(amount, 6)],
              })
            }
          >
            Transfer (useWriteContract)
          </button>
          <Receipt hash={write.data} id="write" />
          <h2>Sign and batch</h2>
          <button data-testid="sign" onClick={() => sign.signMessage({ message: 'Hello from wagmi on Foyer' })}>
            Sign (useSignMessage)
          </button>
          <code data-testid="signature">{sign.data}</code>
          <button
            data-testid="send-calls"
            disabled={!recipient}
            onClick={() =>
              calls.sendCalls({
                calls: [
                  { to: recipient!, value: 1n },
                  { to: recipient!, value: 2n },
                ],
              })
            }
          >
            Two calls (useSendCalls)
          </button>
          <code data-testid="calls-id">{calls.data?.id}</code>
          <CallsStatus id={calls.data?.id} />
        </>
      )}
      {error && <p data-testid="wagmi-error">{error.message}</p>}
    </main>
  )
}
