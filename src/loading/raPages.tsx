import { lazyPage } from './lazyPage';

/** react-admin's error page, for a screen that throws; its code comes only when one does. */
export const ErrorPage = lazyPage(() => import('./raScreens').then((m) => m.Error), {
  early: true,
});
