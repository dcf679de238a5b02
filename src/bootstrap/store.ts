import { localStorageStore } from 'react-admin';

/**
 * react-admin's store (preferences, the locale), shared by the sign-in page and the app so a
 * language chosen on one holds on the other.
 */
export const appStore = localStorageStore(undefined, 'Frota');
