/**
 * The app's frame while its code arrives: these few strings are in the first script, so they can
 * be shown even when a language's own catalogue could not be loaded.
 */
const appEnUS = {
  app: {
    loading: 'Loading…',
    retry: 'Try again',
    chunkFailed: 'This screen could not be loaded. Check your connection and try again.',
    chunkTimeout:
      'This screen is taking too long to load (over 2 minutes). Check your connection and try again.',
    startFailed: 'The app could not be loaded. Check your connection and try again.',
  },
};

export default appEnUS;

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type AppFrameMessages = Strings<typeof appEnUS>;
