import { encodeFunctionData, encodePacked, type Hex, parseAbi, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import type { QuoteRequest, TokenRef } from '../../routes/types.ts'
import {
  acrossV3Calldata,
  acrossV4Calldata,
  dexSwapCall,
  ETH_SWAP,
  ethSwapCalldata,
  FIXTURE,
  feeForwarderSwap,
  feeStep,
  fixtureAcrossV3Data,
  fixtureBridgeData,
  gasQuoteCalldata,
  gasZipStep,
  NATIVE_GAS,
  NATIVE_GAS_OUTPUT,
  nativeGasCalldata,
  nativeGasStep,
  oneInchStep,
  POLYMER,
  polymerCalldata,
  STARGATE,
  type SwapData,
  stargateCalldata,
  USDC_TO_ETH,
  USDC_TO_ETH_OUTPUT,
  usdcToEthCalldata,
} from './fixtures/quoteCalldata.ts'
import { decodeLifiDeposit, type LifiDepositContext } from './lifiCalldata.ts'

const DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'
const token = (chainId: number, address: `0x${string}`, symbol: string, decimals = 6): TokenRef => ({
  chainId,
  address,
  symbol,
  decimals,
  kind: symbol === 'ETH' ? 'native' : 'erc20',
})
const usdcRequest: QuoteRequest = {
  origin: token(42161, FIXTURE.arbitrumUsdc, 'USDC'),
  destination: token(8453, FIXTURE.baseUsdc, 'USDC'),
  amount: FIXTURE.amount,
  sender: FIXTURE.account,
  recipient: FIXTURE.account,
}
const context = (change: Partial<LifiDepositContext> = {}): LifiDepositContext => ({
  request: usdcRequest,
  feeCollector: FIXTURE.arbitrumFeeCollector,
  includedFee: FIXTURE.lifiFee,
  destinationWrappedNative: '0x4200000000000000000000000000000000000006',
  gasZipPeriphery: FIXTURE.gasZipPeriphery,
  gasOnArrival: undefined,
  quoteExpiresAt: Date.now() + 60_000,
  // No swap step is on the diamond's allowlist here (lifiSwapHostile.test.ts has one that is).
  allowlist: () => false,
  originTokens: [usdcRequest.origin, token(42161, NATIVE_TOKEN_ADDRESS, 'ETH', 18)],
  destinationTokens: [usdcRequest.destination],
  ...change,
})
/** The gas on arrival of the gas-quote fixture: 2.428 USDC for gas on Base (Gas.zip's chain 54). */
const gas = { gasOnArrival: { fromAmount: FIXTURE.gasFee, gasZipChainId: 54 } }
/** LI.FI's fee, then Across V4 (`quote.json`'s call), with `change`. */
const feeThenAcross = (change: Parameters<typeof acrossV4Calldata>[0] = {}) =>
  acrossV4Calldata({ swaps: [feeStep()], ...change })
const decode = (data: Hex, change: Partial<LifiDepositContext> = {}, value = 0n) =>
  decodeLifiDeposit({ chainId: 42161, to: DIAMOND, data, value }, context(change))

describe('LI.FI diamond calldata', () => {
  it('refuses a published LI.FI answer through its Relay facet: startBridgeTokensViaRelay, 10,000 USDC to Polygon', () => {
    // transactionRequest.data of a LI.FI /v1/quote answer (tool relay, integrator lifi-api) published with its
    // simulation logs (LiFiTransferStarted with this BridgeData); Relay's signature included.
    const published =
      '0xae32859000000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000200a0365bdd79653ad5a0638708ae623fa4b806c835b3d76e772b64dde6038cde41000000000000000000000000000000000000000000000000000000000000014000000000000000000000000000000000000000000000000000000000000001800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb4800000000000000000000000037305b1cd40574e4c5ce33f8e8306be057fd734100000000000000000000000000000000000000000000000000000002540be400000000000000000000000000000000000000000000000000000000000000008900000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000572656c617900000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000086c6966692d6170690000000000000000000000000000000000000000000000007b3242a6cb51c5af29a45c950088a15470fb0a67623cb58b1f6050ce5c1dd77000000000000000000000000037305b1cd40574e4c5ce33f8e8306be057fd73410000000000000000000000003c499c542cef5e3811e1192ce70d8cc03d5c335900000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000041a15458e685af096b72fd8c49b5f040498b0da9e21d5772d59c2188a93314a9f31a72b749e2de121102573e3fd54b66262c85cff15fc642b66ce30981f97b759c1c00000000000000000000000000000000000000000000000000000000000000'
    const person = '0x37305B1cD40574E4C5Ce33f8e8306Be057fD7341'
    const request: QuoteRequest = {
      origin: token(1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC'),
      destination: token(137, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC'),
      amount: 10_000_000_000n,
      sender: person,
      recipient: person,
    }
    // Refused: what Relay delivers is its off-chain request, made by the API, in no part of the calldata.
    expect(() =>
      decodeLifiDeposit({ chainId: 1, to: DIAMOND, data: published, value: 0n }, context({ request })),
    ).toThrow('Unknown contract type: LI.FI Diamond startBridgeTokensViaRelay')
  })

  it('reads the fixture: 100 USDC leave the wallet, the FeeCollector takes the shown fee, the rest is bridged', () => {
    expect(decode(feeThenAcross())).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      inputToken: FIXTURE.arbitrumUsdc,
      inputAmount: 100_000_000n,
      recipient: FIXTURE.account,
      destinationChainId: 8453,
    })
    // A fee below the ones shown (bridge fees are among them) is fine; above, refused.
    expect(decode(feeThenAcross(), { includedFee: FIXTURE.lifiFee + 10n }).inputAmount).toBe(100_000_000n)
    expect(() => decode(feeThenAcross(), { includedFee: 0n })).toThrow(expect.objectContaining({ field: 'amount' }))
  })

  it('takes only the FeeCollector of the origin chain, one fee step, and hasSourceSwaps as the function says', () => {
    expect(() => decode(feeThenAcross(), { feeCollector: undefined })).toThrow('Unknown contract type: LI.FI swap step')
    const twice = feeThenAcross({ swaps: [feeStep(), feeStep({ fee: 0n, amount: 1n })] })
    expect(() => decode(twice)).toThrow(expect.objectContaining({ code: 'signedMismatch', field: 'amount' }))
    const notSaid = feeThenAcross({ bridge: { hasSourceSwaps: false } })
    expect(() => decode(notSaid)).toThrow(expect.objectContaining({ field: 'amount' }))
    const notAFee = feeThenAcross({ swaps: [{ ...feeStep(), callData: '0x1234' }] })
    expect(() => decode(notAFee)).toThrow('Unknown contract type: LI.FI FeeCollector 0x1234')
    const bridgedMore = feeThenAcross({ bridge: { minAmount: FIXTURE.amount } })
    expect(() => decode(bridgedMore)).toThrow(expect.objectContaining({ field: 'amount' }))
  })

  it('takes a native fee with collectNativeFees, in the native coin only', () => {
    const eth = token(42161, zeroAddress, 'ETH', 18)
    const request = {
      ...usdcRequest,
      origin: eth,
      destination: token(8453, zeroAddress, 'ETH', 18),
      amount: 10n ** 18n,
    }
    const call = feeThenAcross({
      bridge: { sendingAssetId: zeroAddress, minAmount: 10n ** 18n - 10n ** 15n },
      swaps: [feeStep({ token: zeroAddress, amount: 10n ** 18n, fee: 10n ** 15n })],
    })
    expect(decode(call, { request, includedFee: 10n ** 15n }, 10n ** 18n)).toMatchObject({
      inputToken: zeroAddress,
      inputAmount: 10n ** 18n,
      value: 10n ** 18n,
    })
    const tokenFee = feeThenAcross({
      bridge: { sendingAssetId: zeroAddress, minAmount: 10n ** 18n - 10n ** 15n },
      swaps: [{ ...feeStep({ amount: 10n ** 18n, fee: 10n ** 15n }), sendingAssetId: zeroAddress }],
    })
    expect(() => decode(tokenFee, { request, includedFee: 10n ** 15n })).toThrow(
      expect.objectContaining({ field: 'inputToken' }),
    )
  })

  it('reads Across V3 terms; its output after a fee step is what is bridged times the percentage', () => {
    expect(decode(acrossV3Calldata())).toMatchObject({
      functionName: 'startBridgeTokensViaAcrossV3',
      output: { token: FIXTURE.baseUsdc, amount: 99_963_809n },
      refundTo: FIXTURE.account,
    })
    const afterFee = decode(acrossV3Calldata({ swaps: [feeStep()], across: { outputAmount: 0n } }))
    expect(afterFee.output?.amount).toBe((99_975_000n * 999_888_000_000_000_000n) / 10n ** 18n)
  })

  it('reads the first Across V3 layout (v1.0.0, without outputAmountPercent)', () => {
    const v1 = parseAbi([
      'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
      'struct AcrossV3Data { address receiverAddress; address refundAddress; address receivingAssetId; uint256 outputAmount; address exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
      'function startBridgeTokensViaAcrossV3(BridgeData _bridgeData, AcrossV3Data _acrossData)',
    ])
    const { outputAmountPercent: _, ...across } = fixtureAcrossV3Data
    const data = encodeFunctionData({
      abi: v1,
      functionName: 'startBridgeTokensViaAcrossV3',
      args: [{ ...fixtureBridgeData, hasSourceSwaps: false, minAmount: FIXTURE.amount }, across],
    })
    expect(decode(data)).toMatchObject({ output: { amount: 99_963_809n }, recipient: FIXTURE.account })
  })

  it('reads Across paying the wrapped native coin as the native coin asked for', () => {
    const weth = '0x4200000000000000000000000000000000000006'
    const eth = (chainId: number) => token(chainId, zeroAddress, 'ETH', 18)
    const request = { ...usdcRequest, origin: eth(42161), destination: eth(8453) }
    const data = acrossV3Calldata({ bridge: { sendingAssetId: zeroAddress }, across: { receivingAssetId: weth } })
    expect(decode(data, { request }).output?.token).toBe(zeroAddress)
    expect(
      decode(data, { request: { ...request, destination: { ...eth(8453), address: weth, kind: 'weth' } } }).output
        ?.token,
    ).toBe(weth)
    // A deposit of one asset asking for another (USDC in, ETH out) is filled by no relayer.
    expect(() => decode(data, { request: { ...usdcRequest, destination: eth(8453) } })).toThrow(
      expect.objectContaining({ field: 'output' }),
    )
  })

  it('refuses a destination chain beyond safe integers as no chain at all', () => {
    expect(decode(feeThenAcross({ bridge: { destinationChainId: 2n ** 64n + 8453n } })).destinationChainId).toBe(-1)
  })

  /** The native gas call of the fixtures: 0.1 ETH, LI.FI's fee and 0.000804 ETH of gas taken, the rest bridged. */
  const eth = token(42161, zeroAddress, 'ETH', 18)
  const native = {
    request: {
      ...usdcRequest,
      origin: eth,
      destination: { ...token(8453, NATIVE_GAS.baseWeth, 'WETH', 18), kind: 'weth' as const },
      amount: NATIVE_GAS.amount,
    },
    includedFee: NATIVE_GAS.lifiFee,
    gasOnArrival: { fromAmount: NATIVE_GAS.gasFee, gasZipChainId: 54 },
  }
  const ethFee = feeStep({ token: zeroAddress, amount: NATIVE_GAS.amount, fee: NATIVE_GAS.lifiFee })
  const decodeNative = (data: Hex, change: Partial<LifiDepositContext> = {}) =>
    decode(data, { ...native, ...change }, NATIVE_GAS.amount)

  it('reads the native gas call: the fee and the gas asked for taken, the rest bridged to the same account', () => {
    expect(decodeNative(nativeGasCalldata())).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      inputToken: zeroAddress,
      inputAmount: NATIVE_GAS.amount,
      recipient: FIXTURE.account,
      destinationChainId: 8453,
      output: { token: NATIVE_GAS.baseWeth, amount: NATIVE_GAS_OUTPUT },
      details: [
        { label: 'LI.FI fee', kind: 'input', value: NATIVE_GAS.lifiFee },
        { label: 'Gas on arrival fee', kind: 'input', value: NATIVE_GAS.gasFee },
      ],
    })
    // The steps in the other order: the same checks.
    expect(decodeNative(nativeGasCalldata({ swaps: [nativeGasStep(), ethFee] })).inputAmount).toBe(NATIVE_GAS.amount)
  })

  it("takes a swap step only as far as the diamond's allowlist, read from it, says: never when it could not be read", () => {
    const ethToUsdc = { ...usdcRequest, origin: token(42161, NATIVE_TOKEN_ADDRESS, 'ETH', 18), amount: ETH_SWAP.amount }
    const swap = (allowlist: LifiDepositContext['allowlist']) => () =>
      decode(ethSwapCalldata(), { request: ethToUsdc, includedFee: ETH_SWAP.lifiFee, allowlist }, ETH_SWAP.amount)
    expect(swap(() => true)()).toMatchObject({ inputToken: NATIVE_TOKEN_ADDRESS, inputAmount: ETH_SWAP.amount })
    expect(swap(() => undefined)).toThrow(
      expect.objectContaining({ field: 'contract', details: expect.stringContaining('could not be read') }),
    )
    expect(swap(() => false)).toThrow('Unknown contract type: LI.FI swap step')
  })

  it('takes the gas step only for exactly the amount asked, approved to and called on the periphery itself', () => {
    const other = { gasOnArrival: { fromAmount: NATIVE_GAS.gasFee + 1n, gasZipChainId: 54 } }
    expect(() => decodeNative(nativeGasCalldata(), other)).toThrow(expect.objectContaining({ field: 'amount' }))
    // The diamond sends the periphery more than it deposits: refused, even if Gas.zip gets the right amount.
    const sentMore = nativeGasCalldata({ swaps: [ethFee, { ...nativeGasStep(), fromAmount: NATIVE_GAS.gasFee * 2n }] })
    expect(() => decodeNative(sentMore)).toThrow(expect.objectContaining({ field: 'amount' }))
    expect(() => decodeNative(nativeGasCalldata(), { gasZipPeriphery: undefined })).toThrow(
      `Unknown contract type: LI.FI swap step ${FIXTURE.gasZipPeriphery}`,
    )
    expect(() =>
      decodeNative(nativeGasCalldata(), { gasOnArrival: { ...native.gasOnArrival, gasZipChainId: 55 } }),
    ).toThrow(expect.objectContaining({ field: 'destinationChain' }))
  })

  it('takes the native form only for the native coin sent, and never the ERC-20 form', () => {
    // The native form in a USDC transfer (the diamond holds no coin for it): refused.
    const inUsdc = acrossV4Calldata({ swaps: [feeStep(), gasZipStep({ token: zeroAddress })] })
    expect(() => decode(inUsdc, gas)).toThrow(expect.objectContaining({ field: 'inputToken' }))
    // The ERC-20 form for a native bridge, or for its wrapped coin: refused, whatever its inner swap.
    const erc20Form = nativeGasCalldata({
      swaps: [ethFee, { ...gasZipStep({ fee: NATIVE_GAS.gasFee }), sendingAssetId: zeroAddress }],
    })
    expect(() => decodeNative(erc20Form)).toThrow('Unknown contract type: LI.FI GasZipPeriphery swap')
  })

  /**
   * The ERC-20 form hands the token to an inner swap (`_swapData`) that the periphery approves and calls, then
   * deposits only the native coin that came back to it: whatever the swap sends elsewhere is lost. Each of these
   * is a call the diamond's whitelist lets through.
   */
  const ATTACKER = '0x000000000000000000000000000000000000dEaD'
  const withInner = (swap: Partial<SwapData>) => acrossV4Calldata({ swaps: [feeStep(), gasZipStep({ swap })] })
  /** One hop through the attacker's "pool", paying the attacker (LiFiDEXAggregator: processUserERC20, swapUniV2). */
  const attackerHop = encodePacked(
    ['uint8', 'address', 'uint8', 'uint16', 'uint8', 'address', 'uint8', 'address', 'uint24'],
    [2, FIXTURE.arbitrumUsdc, 1, 0xffff, 0, ATTACKER, 0, ATTACKER, 3000],
  )
  it.each([
    ["LI.FI's FeeForwarder paying the token to the attacker", withInner(feeForwarderSwap(ATTACKER))],
    ["LI.FI's DEX aggregator paying the coin to the attacker", withInner({ callData: dexSwapCall({ to: ATTACKER }) })],
    [
      "the aggregator paying the periphery, its route through the attacker's pool to the attacker",
      withInner({ callData: dexSwapCall({ route: attackerHop, amountOutMin: 0n }) }),
    ],
    ['the periphery approving the attacker besides the aggregator', withInner({ approveTo: ATTACKER })],
    // LI.FI's own shape: processRoute to the periphery, through pools whose addresses nobody here can check.
    ["the fixture's own inner swap (LI.FI's DEX aggregator)", gasQuoteCalldata()],
  ])('refuses the ERC-20 gas step even where gas was asked: %s', (_name, data) => {
    expect(() => decode(data, gas)).toThrow('Unknown contract type: LI.FI GasZipPeriphery swap')
  })
})

describe("LI.FI's other bridges, decoded from their facets' structs", () => {
  it("reads Stargate's minimum in the destination token's units (USDC has 18 decimals on BNB Chain)", () => {
    const bnbUsdc = token(56, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 'USDC', 18)
    const request = { ...usdcRequest, destination: bnbUsdc }
    const data = stargateCalldata({ bridge: { destinationChainId: 56n }, send: { dstEid: 30102 } })
    expect(decode(data, { request }, STARGATE.nativeFee)).toMatchObject({
      destinationChainId: 56,
      output: { token: bnbUsdc.address, amount: STARGATE.toAmountMin * 10n ** 12n },
    })
    expect('exactOutput' in decode(data, { request }, STARGATE.nativeFee)).toBe(false)
  })

  it('refuses a Stargate call whose endpoint is not the chain BridgeData names, or whose value misses the fee', () => {
    const refusal = (data: Hex, value: bigint) => {
      try {
        decode(data, {}, value)
      } catch (error) {
        return error
      }
    }
    expect(refusal(stargateCalldata({ send: { dstEid: 30111 } }), STARGATE.nativeFee)).toMatchObject({
      field: 'destinationChain',
      details: expect.stringContaining('Stargate sends to endpoint 30111'),
    })
    expect(refusal(stargateCalldata(), 0n)).toMatchObject({
      field: 'value',
      details: expect.stringContaining("LayerZero's fee need"),
    })
  })

  it("reads CCTP's least minted: the bridged USDC less Polymer's fee and CCTP's largest fee", () => {
    const fast = polymerCalldata({ polymer: { maxCCTPFee: 12_000n, minFinalityThreshold: 1000 } })
    expect(decode(fast)).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaPolymerCCTP',
      output: { token: FIXTURE.baseUsdc, amount: POLYMER.minted - 12_000n },
      details: [{ label: 'LI.FI fee', kind: 'input', value: FIXTURE.lifiFee }],
    })
    // Without LI.FI's fee step, Polymer's fee is shown as taken from the amount sent.
    const direct = polymerCalldata({ swaps: [] })
    expect(decode(direct, { includedFee: 0n }).details).toEqual([
      { label: 'Polymer fee', kind: 'input', value: POLYMER.polymerFee },
    ])
  })
})

describe('swap then bridge from a token to the coin: 500 USDC on Base for ETH on Optimism', () => {
  const baseUsdc = token(8453, FIXTURE.baseUsdc, 'USDC')
  const optimismEth = token(10, NATIVE_TOKEN_ADDRESS, 'ETH', 18)
  const request: QuoteRequest = {
    ...usdcRequest,
    origin: baseUsdc,
    destination: optimismEth,
    amount: USDC_TO_ETH.amount,
  }
  const onBase = {
    request,
    feeCollector: USDC_TO_ETH.baseFeeCollector,
    includedFee: USDC_TO_ETH.lifiFee,
    destinationWrappedNative: USDC_TO_ETH.optimismWeth,
    // 1inch's router and its swap, as the diamond's allowlist says (lifiAllowlistAnswer.ts).
    allowlist: () => true,
    originTokens: [baseUsdc, token(8453, NATIVE_TOKEN_ADDRESS, 'ETH', 18)],
    destinationTokens: [optimismEth],
  } as const
  const decodeOnBase = (data: Hex) =>
    decodeLifiDeposit({ chainId: 8453, to: DIAMOND, data, value: 0n }, context(onBase))

  it('reads USDC leaving the wallet, the swap into the coin, and the coin Across pays at least on Optimism', () => {
    expect(decodeOnBase(usdcToEthCalldata())).toMatchObject({
      inputToken: FIXTURE.baseUsdc,
      inputAmount: USDC_TO_ETH.amount,
      destinationChainId: 10,
      // Across pays WETH; a wallet asking for the coin gets the coin.
      output: { token: NATIVE_TOKEN_ADDRESS, amount: USDC_TO_ETH_OUTPUT.minimum },
      details: [
        { label: 'LI.FI fee', kind: 'input', value: USDC_TO_ETH.lifiFee },
        { label: 'Swapped on the origin by', kind: 'address' },
      ],
    })
  })

  it('refuses the swap ending in USDC while the bridge takes the coin, and a bridge minimum of 0', () => {
    const refusal = (data: Hex) => {
      try {
        decodeOnBase(data)
      } catch (error) {
        return error
      }
    }
    expect(refusal(usdcToEthCalldata({ bridge: { sendingAssetId: FIXTURE.baseUsdc } }))).toMatchObject({
      field: 'inputToken',
    })
    expect(refusal(usdcToEthCalldata({ bridge: { minAmount: 0n } }))).toMatchObject({ field: 'amount' })
  })
})

describe('a swap before each bridge the decoder accepts', () => {
  it('reads ETH swapped by 1inch for USDC, bridged by Stargate: the amount and LayerZero fee as value, its minimum', () => {
    const request: QuoteRequest = { ...usdcRequest, origin: token(42161, NATIVE_TOKEN_ADDRESS, 'ETH', 18) }
    const data = stargateCalldata({
      swaps: [feeStep({ token: zeroAddress, amount: ETH_SWAP.amount, fee: ETH_SWAP.lifiFee }), oneInchStep()],
      bridge: { minAmount: ETH_SWAP.swapMin },
    })
    const onArbitrum = { request, includedFee: ETH_SWAP.lifiFee, allowlist: () => true }
    const value = ETH_SWAP.amount + STARGATE.nativeFee
    expect(decode(data, onArbitrum, value)).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaStargate',
      inputToken: NATIVE_TOKEN_ADDRESS,
      inputAmount: ETH_SWAP.amount,
      output: { token: FIXTURE.baseUsdc, amount: STARGATE.toAmountMin },
    })
    // Without LayerZero's fee on top of the amount, the pool would revert: refused before signing.
    expect(() => decode(data, onArbitrum, ETH_SWAP.amount)).toThrow('does not match the swap: value')
  })

  it('reads ETH swapped by 1inch for USDC, bridged by CCTP: what is minted is the least swapped less the fees', () => {
    const request: QuoteRequest = { ...usdcRequest, origin: token(42161, NATIVE_TOKEN_ADDRESS, 'ETH', 18) }
    const data = polymerCalldata({
      swaps: [feeStep({ token: zeroAddress, amount: ETH_SWAP.amount, fee: ETH_SWAP.lifiFee }), oneInchStep()],
      bridge: { minAmount: ETH_SWAP.swapMin },
    })
    expect(
      decode(data, { request, includedFee: ETH_SWAP.lifiFee, allowlist: () => true }, ETH_SWAP.amount),
    ).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaPolymerCCTP',
      output: { token: FIXTURE.baseUsdc, amount: ETH_SWAP.swapMin - POLYMER.polymerFee },
    })
  })
})
