// ethereum-provider imports this only to open its QR modal (showQrModal: true), inside a try that says
// "To use QR modal, please install @reown/appkit package". The app never asks for that modal.
export function createAppKit() {
  throw new Error('The WalletConnect QR modal is not part of this app: it draws its own QR code (showQrModal: false)')
}
