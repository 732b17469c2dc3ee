/**
 * The public surface of `@multi-bridge/core`, listed name by name (a snapshot test locks it: `index.test.ts`).
 * What the web app, the services, the devnet and the tests use; anything else stays inside its module.
 * One section per folder, in the order the linter keeps the exports (by path): a heading stays above its folder.
 */

// ---- Amounts: what a person types, and how amounts are shown ----
export { formatDisplayAmountUp } from './amounts/formatDisplayAmountUp.ts'
export { formatAmount, formatDisplayAmount, parseAmountInput } from './amounts/parseAmountInput.ts'
// ---- Your approvals: the allowances given to known spenders, read per chain and revoked ----
export { DRAINED_SPENDERS, type DrainedSpender } from './approvals/drainedSpenders.ts'
export {
  type Approval,
  type ChainApprovals,
  type KnownSpender,
  knownSpenders,
  readApprovals,
  sortApprovals,
  UNLIMITED_ALLOWANCE,
} from './approvals/readApprovals.ts'
export { type RevokeOutcome, RevokeRefusedError, revokeApprovals } from './approvals/revokeApprovals.ts'
// ---- Chains: clients, clocks, finality and bounded reads ----
export { type ChainClients, createChainClients } from './chains/chainClients.ts'
export { type ChainClock, ChainStalledError, createChainClock } from './chains/chainClock.ts'
export { type FinalHead, finalBlockNumber, finalHead, finalityBlocks, finalityProblem } from './chains/finality.ts'
export { manifestChainToViem } from './chains/manifestChain.ts'
export { CHAIN_READ_TIMEOUT_MS, readChain } from './chains/readChain.ts'
// ---- The swap client: one object owns the swaps' store, clients, providers and tracker; actions write it ----
export { type DiscardSwapParameters, discardSwap } from './client/discardSwap.ts'
export { type DraftSwapParameters, type DraftSwapReturnType, draftSwap } from './client/draftSwap.ts'
export { type ExecuteSwapParameters, type ExecuteSwapReturnType, executeSwap } from './client/executeSwap.ts'
export {
  fetchRoutes,
  type ProviderOutcome,
  type RoutePreference,
  rankRoutes,
  requoteRoute,
  streamRouteOutcomes,
} from './client/fetchRoutes.ts'
export { type FindSwapParameters, type FindSwapReturnType, findSwap } from './client/findSwap.ts'
export {
  acceptedBatches,
  type FollowAcceptedBatchesReturnType,
  followAcceptedBatches,
} from './client/followAcceptedBatches.ts'
export { type RefundSwapParameters, type RefundSwapReturnType, refundSwap } from './client/refundSwap.ts'
export { type RestoreSwapsParameters, type RestoreSwapsReturnType, restoreSwaps } from './client/restoreSwaps.ts'
export type { SwapClient } from './client/types.ts'
// ---- Configuration: the manifest's parts ----
export type { ProductionEnv } from './config/envValues.ts'
export { lookAlikeFinder, type NamedToken } from './config/lookAlike.ts'
export {
  chainName,
  findManifestToken,
  getManifestChain,
  listedTokenRef,
  type ManifestAttesters,
  type ManifestChain,
  type ManifestToken,
  type ManifestWalletConnect,
  NATIVE_TOKEN_ADDRESS,
  SAFE_WALLET_ORIGIN,
  type SdkWallet,
  supportsGaslessIntents,
} from './config/manifest.ts'
// ---- Errors every layer can name, and their codes ----
export { InvalidManifestError } from './errors/configErrors.ts'
export { isInsufficientFundsError, NotEnoughGasError } from './errors/gasErrors.ts'
export { ERROR_CODES, type ErrorCode, MultiBridgeError, walkError } from './errors/MultiBridgeError.ts'
export { SafeChainError } from './errors/safeErrors.ts'
export { ChainUnreachableError, ProviderTimeoutError, ServiceUnreachableError } from './errors/unreachableErrors.ts'
export {
  AddChainError,
  isUserRejection,
  MissingChainInfoError,
  NoWalletError,
  PROVIDER_ERROR,
  UnexpectedError,
  UnknownContractError,
  UserRejectedError,
  WalletConnectError,
  WalletDisconnectedError,
  WalletPluginNotFoundError,
  WalletSwitchChainError,
} from './errors/walletErrors.ts'
// ---- HTTP ----
export { HttpAbortError, HttpNetworkError, HttpStatusError, HttpTimeoutError } from './http/httpErrors.ts'
export { httpRequest } from './http/request.ts'
// ---- Prices and USD values ----
export { originNativeUsd, routeUsdValues, valueLossBps } from './prices/routeValue.ts'
export { formatUsdValue, priceOf, usdValueOf } from './prices/usdValue.ts'
// ---- The local bridges' protocols (orders, transfers, attestations) ----
export {
  type AttesterSignature,
  combineSignatures,
  packSignatures,
  type RecoverSigner,
  readSignerSet,
  recoverSigner,
  type SignerSet,
} from './protocols/attestation.ts'
export {
  buildGaslessCrossChainOrder,
  cancelAuthorizationTypes,
  type GaslessCrossChainOrder,
  type GaslessOrder,
  gaslessAuthorizationTypedData,
  gaslessOrderHash,
  gaslessOrderId,
  gaslessOrderTypes,
  gaslessOriginData,
  receiveWithAuthorizationTypes,
  type TokenAuthorizationDomain,
  transferWithAuthorizationTypes,
} from './protocols/gasless.ts'
export {
  buildOnchainOrder,
  computeIntentOrderId,
  decodeIntentOrderData,
  decodeIntentOriginData,
  encodeIntentOriginData,
  fillAttestationTypes,
  INTENT_ORDER_DATA_TYPEHASH,
  type IntentOrderData,
  type IntentOriginData,
  intentFillValue,
  intentSettlerDomain,
  noFillAttestationTypes,
} from './protocols/intent.ts'
export { notReleasedTypes, type PoolRelease, poolDomain, releasedTypes, releaseTypes } from './protocols/pool.ts'
// ---- Route providers: the interface and what each provider names ----
export { DELIVERY_STATUS_WORDING } from './providers/deliveryCheck.ts'
export { INTENT_PROVIDER_ID } from './providers/intent/intentId.ts'
export { lifiTokenList } from './providers/lifi/lifiTokenList.ts'
export { POOL_PROVIDER_ID } from './providers/pool/poolId.ts'
export { estimateRefundOpensAt } from './providers/refundTiming.ts'
/** A person's refund signatures: the attesters asked at once, their no-fill / not-released combined for the verifier. */
export { refundSignatures, verifierCombine } from './providers/settlement.ts'
export type { RouteProvider } from './providers/types.ts'
export { type WorstCase, worstCaseOf } from './providers/worstCase.ts'
// ---- Swap records: their states, and the one machine that moves them ----
export { applySwapEvent } from './records/swapMachine.ts'
export { isGaslessSwap, newSwapRecord, swapPublicId, swapTime } from './records/swapRecord.ts'
export {
  type CompletedSwap,
  type DepositedSwap,
  type FailedSwap,
  gasReceived,
  type HandedOver,
  handedOver,
  isSwapSent,
  type RefundableSwap,
  type RefundedSwap,
  receivedAmount,
  SIGNING_PHASES,
  type SwapFee,
  type SwapRecord,
  swapProgress,
} from './records/types.ts'
// ---- Routes: requests, tokens and the errors of quoting and sending ----
export { routeChoice } from './routes/routeChoice.ts'
export {
  BatchIncompleteError,
  GaslessOrderUnconfirmedError,
  GaslessRefusedError,
  InvalidQuoteError,
  NothingToRefundError,
  NotSwapOwnerError,
  QuoteChangedError,
  QuoteExpiredError,
  RefundNotAvailableError,
  ReviewMismatchError,
  RouteUnavailableError,
  SenderMismatchError,
  TransactionNotConfirmedError,
  TransactionReplacedError,
  TransactionRevertedError,
  TypedDataUnsupportedError,
  WrongChainError,
} from './routes/routeErrors.ts'
export { readTokenInfo } from './routes/tokenInfo.ts'
export { createTokenRefResolver, tokenRefFor } from './routes/tokenRef.ts'
export {
  type QuoteRequest,
  type Route,
  type RouteGasless,
  type RouteLeg,
  type SignableTypedData,
  TOKEN_KINDS,
  type TokenKind,
  type TokenPrice,
  type TokenRef,
} from './routes/types.ts'
// ---- Setup, the composition root: the provider modules, the manifest they check, the production config ----
export { type CreateSwapClientParameters, createSwapClient } from './setup/createSwapClient.ts'
export { type Manifest, type ProvidersConfig, parseManifest } from './setup/manifest.ts'
export { PROVIDER_MODULES, providerModule } from './setup/modules.ts'
export { productionManifest } from './setup/production.ts'
export { providerWords } from './setup/providerWords.ts'
export {
  isContractCode,
  type KnownContracts,
  type RecipientRefusal,
  recipientRefusal,
} from './setup/recipientRefusal.ts'
export { createProviders } from './setup/registry.ts'
// ---- What is signed: decoded and checked against the request ----
export { type CheckedDeposit, prepareDeposit } from './signing/checkDeposit.ts'
export { type DepositRevert, DepositWouldRevertError } from './signing/depositRevertError.ts'
export { type SignedField, SignedMismatchError } from './signing/signingErrors.ts'
export {
  type DepositSimulation,
  type SimulateDepositParameters,
  simulateDeposit,
  type TokenMove,
} from './signing/simulateDeposit.ts'
// ---- Persisted storage ----
export { createPersistedStore, PERSIST_PREFIX, type PersistedStoreOptions } from './storage/persistedStore.ts'
// ---- Swaps, one step below the client: each operation on its own (tests and tools that bring their own store) ----
export { type CollectSwapsParameters, type CollectSwapsReturnType, collectSwaps } from './swaps/collectSwaps.ts'
export {
  estimateDepositReserve,
  estimateNetworkCost,
  type NetworkCost,
  type NetworkCostStepKind,
} from './swaps/estimateNetworkCost.ts'
export { type ExecuteRouteParameters, executeRoute } from './swaps/execute/executeRoute.ts'
export { HISTORY_STORAGE_KEY, HISTORY_STORE_VERSION, syncHistory } from './swaps/historyStore.ts'
export { provenSafeStatus } from './swaps/safeExecution.ts'
export { sendRefund } from './swaps/sendRefund.ts'
export { createSwapStore, listSwaps, type SwapStoreState } from './swaps/swapStore.ts'
export { isUnreachable, type TrackProblem } from './swaps/trackProblems.ts'
export {
  createSwapTracker,
  DepositNotMinedError,
  ProviderNotAvailableError,
  type SwapTracker,
} from './swaps/trackSwaps.ts'
export {
  type CallsOutcome,
  type CallsStatus,
  callsOutcome,
  readCallsStatus,
  type WalletAdapter,
} from './swaps/walletAdapter.ts'
// ---- Wallets ----
export { createLocalWalletProvider, type LocalWalletProvider, WalletRpcError } from './wallet/localWalletProvider.ts'
