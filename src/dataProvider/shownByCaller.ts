/**
 * Failures the calling screen shows itself. Through `useDataProvider`, react-admin asks
 * `authProvider.checkError` about every failure; on a 401 it signs out and hands the caller an
 * empty `{ data: {} }` in place of the answer. That suits the CRUD screens. The feature calls
 * (billing, shares, reports, the driver's check-in …) answer their own screens instead: a 401
 * there (a wrong password at the trust unlock, a session lost under a feature page) is shown where
 * the call was made, and the screen never gets an empty answer to draw.
 */
const shown = new WeakSet<object>();

export const isShownByCaller = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && shown.has(error);

type Methods = Record<string, (...args: never[]) => Promise<unknown>>;

/** The same methods, their failures marked as shown by the caller. */
export const shownByCaller = <M extends Methods>(methods: M): M =>
  Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (...args: never[]) =>
        method(...args).catch((error: unknown) => {
          if (typeof error === 'object' && error !== null) shown.add(error);
          throw error;
        }),
    ]),
  ) as M;
