import {
  type Address,
  decodeAbiParameters,
  encodeAbiParameters,
  type Hex,
  keccak256,
  type TypedDataDomain,
  toHex,
} from 'viem'

/** ERC-7683 `orderData` of the intent bridge (IntentTypes.sol: IntentOrderData). */
export type IntentOrderData = {
  inputToken: Address
  inputAmount: bigint
  outputToken: Address
  outputAmount: bigint
  /** Native coin the recipient also receives on the destination ("gas on arrival"); 0n for none. */
  gasAmount: bigint
  destinationChainId: bigint
  destinationSettler: Address
  recipient: Address
  nonce: bigint
  expires: number
}

/** ERC-7683 `originData` (IntentTypes.sol: IntentOriginData); its keccak256 is the order id. */
export type IntentOriginData = IntentOrderData & {
  originChainId: bigint
  originSettler: Address
  user: Address
  fillDeadline: number
}

/** `IntentOrderData`'s fields, in order: its ABI tuple, and its EIP-712 struct for gasless orders (gasless.ts). */
export const INTENT_ORDER_DATA_FIELDS = [
  { name: 'inputToken', type: 'address' },
  { name: 'inputAmount', type: 'uint256' },
  { name: 'outputToken', type: 'address' },
  { name: 'outputAmount', type: 'uint256' },
  { name: 'gasAmount', type: 'uint256' },
  { name: 'destinationChainId', type: 'uint256' },
  { name: 'destinationSettler', type: 'address' },
  { name: 'recipient', type: 'address' },
  { name: 'nonce', type: 'uint256' },
  { name: 'expires', type: 'uint32' },
] as const

/**
 * `IntentOrderData(address inputToken,uint256 inputAmount,…)`: the type string IntentTypes.sol hashes into
 * `ORDER_DATA_TYPEHASH`, written from the fields above so the two cannot drift apart.
 */
export const INTENT_ORDER_DATA_TYPE = `IntentOrderData(${INTENT_ORDER_DATA_FIELDS.map((field) => `${field.type} ${field.name}`).join(',')})`
/** An order's `orderDataType`: what the settler accepts as an intent of this bridge. */
export const INTENT_ORDER_DATA_TYPEHASH = keccak256(toHex(INTENT_ORDER_DATA_TYPE))

const orderDataParameters = [{ type: 'tuple', components: INTENT_ORDER_DATA_FIELDS }] as const

const originDataParameters = [
  {
    type: 'tuple',
    components: [
      { name: 'originChainId', type: 'uint256' },
      { name: 'originSettler', type: 'address' },
      { name: 'user', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'inputToken', type: 'address' },
      { name: 'inputAmount', type: 'uint256' },
      { name: 'outputToken', type: 'address' },
      { name: 'outputAmount', type: 'uint256' },
      { name: 'gasAmount', type: 'uint256' },
      { name: 'destinationChainId', type: 'uint256' },
      { name: 'destinationSettler', type: 'address' },
      { name: 'recipient', type: 'address' },
      { name: 'fillDeadline', type: 'uint32' },
      { name: 'expires', type: 'uint32' },
    ],
  },
] as const

export function encodeIntentOrderData(data: IntentOrderData): Hex {
  return encodeAbiParameters(orderDataParameters, [data])
}

export function encodeIntentOriginData(data: IntentOriginData): Hex {
  return encodeAbiParameters(originDataParameters, [data])
}

/** Decodes `orderData` (what `open` was given); throws on malformed bytes. */
export function decodeIntentOrderData(orderData: Hex): IntentOrderData {
  const [data] = decodeAbiParameters(orderDataParameters, orderData)
  return { ...data }
}

/** Decodes `originData`; throws on malformed bytes. */
export function decodeIntentOriginData(originData: Hex): IntentOriginData {
  const [data] = decodeAbiParameters(originDataParameters, originData)
  return { ...data }
}

/** The native coin a fill must send with it: a native output, or the gas on arrival (never both). */
export function intentFillValue(data: Pick<IntentOriginData, 'outputToken' | 'outputAmount' | 'gasAmount'>): bigint {
  return BigInt(data.outputToken) === 0n ? data.outputAmount : data.gasAmount
}

export function computeIntentOrderId(originData: Hex): Hex {
  return keccak256(originData)
}

/** The on-chain order a user opens: `open({ fillDeadline, orderDataType, orderData })`. */
export function buildOnchainOrder(data: IntentOrderData, fillDeadline: number) {
  return { fillDeadline, orderDataType: INTENT_ORDER_DATA_TYPEHASH, orderData: encodeIntentOrderData(data) }
}

/** EIP-712 domain of the origin settler: attestations only verify on that chain and contract. */
export function intentSettlerDomain(chainId: number | bigint, originSettler: Address): TypedDataDomain {
  return {
    name: 'MultiBridge Intent Settler',
    version: '1',
    chainId: Number(chainId),
    verifyingContract: originSettler,
  }
}

export const fillAttestationTypes = {
  FillAttestation: [
    { name: 'orderId', type: 'bytes32' },
    { name: 'solver', type: 'address' },
    { name: 'fillTime', type: 'uint32' },
  ],
} as const

export const noFillAttestationTypes = {
  NoFillAttestation: [{ name: 'orderId', type: 'bytes32' }],
} as const
