/**
 * The benchmark's yardstick (issue #5): a bare wagmi + viem + React page, built with the same Vite and
 * served the same way as the app. It connects an injected wallet, shows the account and the network, and
 * has one amount input; "interactive" is marked the same way as the app's swap form.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { createConfig, injected, useAccount, useConnect, useDisconnect, WagmiProvider } from 'wagmi'

const config = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  multiInjectedProviderDiscovery: true,
  transports: { [mainnet.id]: http() },
})

function Page() {
  const { address, status, chain } = useAccount()
  const { connect, connectors } = useConnect()
  const { disconnect } = useDisconnect()
  const [amount, setAmount] = useState('')
  useEffect(() => {
    if (
      status !== 'reconnecting' &&
      status !== 'connecting' &&
      !performance.getEntriesByName('swap-form-interactive').length
    )
      performance.mark('swap-form-interactive')
  }, [status])
  return (
    <main>
      <input aria-label="Amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      {address ? (
        <button type="button" onClick={() => disconnect()}>
          {address} on {chain?.name ?? 'unknown network'}
        </button>
      ) : (
        connectors.map((connector) => (
          <button type="button" key={connector.uid} onClick={() => connect({ connector })}>
            {connector.name}
          </button>
        ))
      )}
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>
        <Page />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
