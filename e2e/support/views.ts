/**
 * The screens the browser tests read the app on, one definition for every spec: a desktop, a phone as people hold it
 * (390×844, a touch screen), and how the app is opened in the two views most specs run, desktop in English and phone
 * in Traditional Chinese (`app.open` / `app.openConnected` parameters).
 */

/** A desktop with room for the routes and their details beside the form. */
export const DESKTOP = { width: 1280, height: 900 }
/** A shorter desktop: the browser context's own default (fixtures/app.ts). */
export const DESKTOP_SHORT = { width: 1280, height: 800 }
/** A phone as people hold it. */
export const PHONE = { width: 390, height: 844 }

/** The Connect Wallet button's label in Traditional Chinese (what `openConnected` clicks). */
export const ZH_CONNECT = '連接錢包'

/** The app on a desktop, in English. */
export const DESKTOP_EN = { storage: { lang: 'en' } }
/** The app on a phone (touch), in Traditional Chinese. */
export const PHONE_ZH = { storage: { lang: 'zh' }, viewport: PHONE, touch: true, connectLabel: ZH_CONNECT }
