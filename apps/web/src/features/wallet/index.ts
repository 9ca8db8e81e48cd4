// Public surface of the wallet feature; other features import from here only.
export { sandboxCheckoutQueryOptions, walletQueryOptions } from './api/wallet';
export { WalletDialog } from './components/wallet-dialog';
export { useAttemptKey } from './use-attempt-key';
