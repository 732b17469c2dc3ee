import type { Address } from 'viem'

/** A contract publicly known to have drained the approvals people had given it: when, how, and who says so. */
export type DrainedSpender = {
  /** Its name as its makers and the reports call it. */
  name: string
  /** The day the approvals were drained (UTC, `YYYY-MM-DD`). */
  drainedOn: string
  /** What was taken, in a few words (English; shown as written, it names the incident). */
  incident: string
  /** A public report of it. */
  source: string
  /** Its address on each chain it was deployed to and drained on (chain id → address). */
  addresses: Readonly<Record<number, Address>>
}

const SIX_CHAINS = [1, 10, 56, 137, 8453, 42161] as const
const everywhere = (address: Address): Record<number, Address> =>
  Object.fromEntries(SIX_CHAINS.map((chainId) => [chainId, address]))

/**
 * Contracts publicly known to have drained standing approvals, on the chains the app serves in production: an
 * allowance to one of them is shown first in "Your approvals", flagged, whatever its amount. Data, not code: each entry
 * carries its public report; add one the same way. Only the incidents where the contract holding the approvals was
 * itself made to spend them are here (not a key or a front end stolen).
 */
export const DRAINED_SPENDERS: readonly DrainedSpender[] = [
  {
    // An arbitrary call through GasZipFacet (`depositToGasZipERC20`), deployed five days before; about $11 million
    // from wallets with unlimited approvals. The facet was removed, the diamond kept: an allowance to it is still live.
    name: 'LI.FI Diamond',
    drainedOn: '2024-07-16',
    incident: 'About $11 million taken from unlimited approvals through a new facet',
    source: 'https://www.coindesk.com/business/2024/07/16/defi-protocol-lifi-struck-by-8m-exploit',
    addresses: everywhere('0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'),
  },
  {
    // A route added three days before did not check its input; about $3.3 million from 230 wallets.
    name: 'Socket Gateway (Bungee)',
    drainedOn: '2024-01-16',
    incident: 'About $3.3 million taken from unlimited approvals through a new route',
    source: 'https://www.coindesk.com/tech/2024/01/17/socket-bungee-restart-operations-after-apparent-33m-exploit',
    addresses: everywhere('0x3a23F943181408EAC424116Af7b7790c94Cb97a5'),
  },
  {
    // `processRoute` trusted a pool address from the caller's route (DefiLlama's list of its deployments).
    name: 'SushiSwap RouteProcessor2',
    drainedOn: '2023-04-09',
    incident: 'Approvals spent through a forged route; over $3 million taken',
    source: 'https://gist.github.com/0xngmi/40c530a6dc219e62939ed911b5d5ac70',
    addresses: {
      1: '0x044b75f554b886A065b9567891e45c79542d7357',
      10: '0xF0cBce1942A68BEB3d1b73F0dd86C8DCc363eF49',
      56: '0xD75F5369724b513b497101fb15211160c1d96550',
      137: '0x5097CBB61D3C75907656DC4e3bbA892Ff136649a',
      42161: '0xA7caC4207579A179c1069435d032ee0F9F150e5c',
    },
  },
  {
    // `anySwapOutUnderlyingWithPermit` took a token that had no permit; the attack's first transaction is the source.
    name: 'Multichain (Anyswap) Router V4',
    drainedOn: '2022-01-18',
    incident: 'Approvals of WETH and other tokens spent through a fake permit',
    source: 'https://etherscan.io/tx/0xe50ed602bd916fc304d53c4fed236698b71691a95774ff0aeeb74b699c6227f7',
    addresses: { 1: '0x6b7a87899490EcE95443e979cA9485CBE7E71522' },
  },
]
