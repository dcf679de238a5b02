/** The offer to switch to a newly deployed version of the app (see docs/web-app-updates.md). */
const pwaEnUS = {
  pwa: {
    NEW_VERSION_AVAILABLE: 'A new version of the app is available.',
    reload: 'Reload now',
    dismiss: 'Later',
  },
};

export default pwaEnUS;

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type PwaMessages = Strings<typeof pwaEnUS>;
