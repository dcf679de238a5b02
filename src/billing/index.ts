// What other features may use of billing/: the pieces a suspended account's sign-in shows. Few
// sign-ins need them, so both load on first use, as boxes within the form (no page shapes while
// they load), and the sign-in page's first load carries only this file.
import { lazyPage } from '../loading/lazyPage';

export const OpenInvoices = lazyPage(() => import('./OpenInvoices').then((m) => m.OpenInvoices), {
  skeleton: 'none',
});
export const TrustUnlockButton = lazyPage(
  () => import('./TrustUnlockButton').then((m) => m.TrustUnlockButton),
  { skeleton: 'none' },
);
