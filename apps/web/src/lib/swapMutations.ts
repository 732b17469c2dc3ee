import type {
  ExecuteSwapParameters,
  ExecuteSwapReturnType,
  RefundSwapParameters,
  RefundSwapReturnType,
  RestoreSwapsParameters,
  RestoreSwapsReturnType,
  SwapClient,
  WalletAdapter,
} from '@multi-bridge/core'
import { type UseMutationOptions, useMutation } from '@tanstack/react-query'
import { swapMutationKeys } from './queryKeys.ts'
import { useSwapClient } from './swapClient.tsx'

/** The actions' code is its own chunk, loaded on first use. */
export const loadSwapActions = () => import('./swapActions.ts')

/** A wallet, or how to get one when the action runs (the wallet layer makes its adapter then). */
export type WalletInput = WalletAdapter | (() => Promise<WalletAdapter>)
const walletOf = (wallet: WalletInput) => (typeof wallet === 'function' ? wallet() : wallet)

export type ExecuteSwapVariables = Omit<ExecuteSwapParameters, 'wallet'> & { wallet: WalletInput }
export type RefundSwapVariables = Omit<RefundSwapParameters, 'wallet'> & { wallet: WalletInput }
export type RestoreSwapsVariables = RestoreSwapsParameters

/** Core's `executeSwap` as a mutation (wagmi's `connectMutationOptions` shape). */
export const executeSwapMutationOptions = (client: SwapClient) => ({
  mutationKey: swapMutationKeys.execute,
  mutationFn: async ({ wallet, ...variables }: ExecuteSwapVariables): Promise<ExecuteSwapReturnType> => {
    const [{ executeSwap }, adapter] = await Promise.all([loadSwapActions(), walletOf(wallet)])
    return executeSwap(client, { ...variables, wallet: adapter })
  },
})

/** Core's `refundSwap` as a mutation. */
export const refundSwapMutationOptions = (client: SwapClient) => ({
  mutationKey: swapMutationKeys.refund,
  mutationFn: async ({ wallet, ...variables }: RefundSwapVariables): Promise<RefundSwapReturnType> => {
    const [{ refundSwap }, adapter] = await Promise.all([loadSwapActions(), walletOf(wallet)])
    return refundSwap(client, { ...variables, wallet: adapter })
  },
})

/** Core's `restoreSwaps` as a mutation. */
export const restoreSwapsMutationOptions = (client: SwapClient) => ({
  mutationKey: swapMutationKeys.restore,
  mutationFn: async (variables: RestoreSwapsVariables): Promise<RestoreSwapsReturnType> =>
    (await loadSwapActions()).restoreSwaps(client, variables),
})

type Options<Data, Variables> = Omit<UseMutationOptions<Data, Error, Variables>, 'mutationKey' | 'mutationFn'>

export const useExecuteSwap = (options: Options<ExecuteSwapReturnType, ExecuteSwapVariables> = {}) =>
  useMutation({ ...options, ...executeSwapMutationOptions(useSwapClient()) })

export const useRefundSwap = (options: Options<RefundSwapReturnType, RefundSwapVariables> = {}) =>
  useMutation({ ...options, ...refundSwapMutationOptions(useSwapClient()) })

export const useRestoreSwaps = (options: Options<RestoreSwapsReturnType, RestoreSwapsVariables> = {}) =>
  useMutation({ ...options, ...restoreSwapsMutationOptions(useSwapClient()) })
