/** What the swap form's main button says, and whether it can be pressed: the first thing missing, in order. */
export type MainButtonInput = {
  wallet: 'connected' | 'connecting' | 'disconnected'
  hasTokens: boolean
  hasAmount: boolean
  hasRecipient: boolean
  /** A name is being looked up. */
  resolvingRecipient?: boolean
  notEnoughBalance: boolean
  slippageValid: boolean
  hasRoute: boolean
  loadingRoutes: boolean
}

export type MainButton = { label: string; enabled: boolean }

export function mainButton(input: MainButtonInput): MainButton {
  if (input.wallet !== 'connected') return { label: 'Connect a wallet to start', enabled: false }
  if (!input.hasTokens) return { label: 'Choose Token to Swap', enabled: false }
  if (!input.hasAmount) return { label: 'Enter an amount to swap', enabled: false }
  if (!input.hasRecipient) {
    return {
      label: input.resolvingRecipient ? 'Looking up the name…' : 'Enter or select the recipient address',
      enabled: false,
    }
  }
  if (input.notEnoughBalance) return { label: 'Not enough balance', enabled: false }
  if (!input.slippageValid) return { label: 'Check the slippage', enabled: false }
  // Routes of another input (or another account) are never on screen: no route yet means none to swap with.
  if (!input.hasRoute) return { label: input.loadingRoutes ? 'Finding routes…' : 'No route available', enabled: false }
  return { label: 'Swap', enabled: true }
}
