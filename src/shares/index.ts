// What other features may use of shares/: the dialog that shares one device, and whether the
// server offers sharing at all (the device actions ask before showing the button).
export { ShareDialog } from './ShareDialog';
export { useSharesAvailable } from './useSharesAvailable';
