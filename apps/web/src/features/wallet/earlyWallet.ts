import { MARKS } from '../../lib/perf.ts'
import { PERSIST_PREFIX } from '../../lib/persistedStore.ts'
import {
  DEVNET_CONNECTED_KEY,
  EARLY_WALLET_EVENT,
  EARLY_WALLET_GLOBAL,
  EARLY_WALLET_HANDED,
  WALLET_SLOT_ATTRIBUTE,
  WALLETCONNECT_CONNECTOR_ID,
} from './earlyWalletState.ts'
import { SDK_WALLET_INFO } from './sdkWalletInfo.ts'

/**
 * The wallet's state, known before the wallet layer is in when nothing could reconnect (issue #33).
 *
 * wagmi's `reconnect` (what the wallet layer runs first) connects a connector only if it is authorized, and for each of
 * ours that is a fact the page can read at once, without wagmi:
 * - the in-app devnet wallet: its flag in storage (`devnetConnector.ts`);
 * - the plain injected connector (`window.ethereum`): wagmi's `injected.connected` flag in storage;
 * - WalletConnect and the SDK wallets: whether one was the last connector (its session is read by its SDK, loaded only
 *   then);
 * - every wallet that announces itself (EIP-6963): whether `eth_accounts` lists an account for this site.
 * When none can, the wallet is disconnected for certain. index.html's inline script (`earlyWalletScript`) then enables
 * the prerendered Connect button and says the state is known; a click before the wallet button's own code is up is
 * kept and opens the wallet list when it is (`takeEarlyConnect`, in earlyWalletState.ts: what the page's code reads of
 * it, with no imports, for the start-up file). Once the wallet button's root is about to take the button over
 * (`handOverEarlyConnect`), a late verdict only tells the wallet layer (`EARLY_WALLET_EVENT`). In any other case (a
 * stored connection, an account a wallet offers, a wallet that does not answer within a second, no storage) the button
 * waits for wagmi, as before.
 * `earlyWallet.test.ts` holds this to wagmi's own `reconnect` in every case.
 */

/** wagmi's storage prefix (`wagmiConfig.ts`). */
export const WAGMI_STORAGE_KEY = `${PERSIST_PREFIX}wagmi`

export const EARLY_WALLET_SETTINGS = {
  global: EARLY_WALLET_GLOBAL,
  handed: EARLY_WALLET_HANDED,
  event: EARLY_WALLET_EVENT,
  injectedConnected: `${WAGMI_STORAGE_KEY}.injected.connected`,
  /** wagmi's last connector; WalletConnect's or an SDK wallet's session is in its SDK, which no script reads at once. */
  recentConnector: `${WAGMI_STORAGE_KEY}.recentConnectorId`,
  /** As wagmi stores them (JSON): the connectors whose code loads on demand. */
  lazyConnectorIds: [WALLETCONNECT_CONNECTOR_ID, ...Object.values(SDK_WALLET_INFO).map((w) => w.connectorId)].map(
    (id) => JSON.stringify(id),
  ),
  devnetConnected: DEVNET_CONNECTED_KEY,
  slot: WALLET_SLOT_ATTRIBUTE,
  mark: MARKS.walletKnown,
  /** How long the wallets that announce themselves have to say whether they offer an account. */
  answerMs: 1_000,
}

/**
 * The inline script, run once after the prerendered page is parsed. Written for any browser, with nothing from the
 * bundle: it runs before any of it.
 */
export function earlyWalletScript(settings: typeof EARLY_WALLET_SETTINGS = EARLY_WALLET_SETTINGS): string {
  return [
    '(function(s){',
    'var w=window,d=document,st,p=[];',
    // Framed: a Safe's frame may connect the Safe (walletRuntime.ts); wagmi says.
    'if(w.parent!==w)return;',
    'try{st=w.localStorage;if(st.getItem(s.devnetConnected)==="true")return;',
    'if(st.getItem(s.injectedConnected)!==null&&w.ethereum)return;',
    'if(s.lazyConnectorIds.indexOf(st.getItem(s.recentConnector))>=0)return}catch(e){return}',
    // EIP-6963: wallets answer the request at once, with the provider wagmi would make a connector of.
    'function h(e){e.detail&&e.detail.provider&&p.push(e.detail.provider)}',
    'w.addEventListener("eip6963:announceProvider",h);',
    'w.dispatchEvent(new Event("eip6963:requestProvider"));',
    'w.removeEventListener("eip6963:announceProvider",h);',
    'var left=p.length,done=false;',
    'function fail(){done=true}',
    'function known(){',
    'if(done)return;done=true;',
    // The wallet button's root has taken the button over (or the wallet layer failed): it alone enables it, once
    // the wallet layer hears this.
    'if(w[s.handed]){w.dispatchEvent(new Event(s.event));return}',
    'w[s.global]="known";',
    'var slot=d.querySelector("["+s.slot+"]"),b=slot&&slot.querySelector("button");if(!b)return;',
    'b.disabled=false;try{performance.mark(s.mark)}catch(e){}',
    // On window, capturing: first of all listeners, so that React, which stops a click on a root it is still
    // hydrating, cannot keep it from this one.
    'w.addEventListener("click",function(e){',
    'if(w[s.global]==="known"&&!b.disabled&&e.target instanceof Element&&e.target.closest("button")===b){w[s.global]="clicked";b.setAttribute("aria-busy","true")}},true)}',
    'if(left===0)return known();',
    'setTimeout(fail,s.answerMs);',
    'p.forEach(function(x){try{Promise.resolve(x.request({method:"eth_accounts"})).then(function(a){',
    'if(Array.isArray(a)&&a.length===0){if(--left===0)known()}else fail()},fail)}catch(e){fail()}})',
    `})(${JSON.stringify(settings).replace(/</g, '\\u003c')})`,
  ].join('')
}
