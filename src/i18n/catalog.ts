import type { TranslationMessages } from 'react-admin';
import { withTimeout } from '../loading/chunkTimeout';
import type { AppLocale } from './locales';
import type { PublicMessages } from './messages/public/enUS';

/**
 * One language's messages at a time (a visitor downloads the language they read, not all three),
 * in three chunks that share no top-level key (a unit test checks):
 * - `messages/public/`: the pages without a session, all the sign-in page loads;
 * - `catalogs/`: react-admin's words, the frame and the live map, loaded with the app;
 * - `catalogs/more/`: the rest of the app, loaded once the first screen works, and before any
 *   other screen shows.
 */
type Loader<T> = Record<AppLocale, () => Promise<{ default: T }>>;

const publicLoaders: Loader<PublicMessages> = {
  'pt-BR': () => import('./messages/public/ptBR'),
  'es-ES': () => import('./messages/public/esES'),
  'en-US': () => import('./messages/public/enUS'),
};

const appLoaders: Loader<TranslationMessages> = {
  'pt-BR': () => import('./catalogs/ptBR'),
  'es-ES': () => import('./catalogs/esES'),
  'en-US': () => import('./catalogs/enUS'),
};

const moreLoaders: Loader<object> = {
  'pt-BR': () => import('./catalogs/more/ptBR'),
  'es-ES': () => import('./catalogs/more/esES'),
  'en-US': () => import('./catalogs/more/enUS'),
};

const load = async <T>(loaders: Loader<T>, locale: AppLocale): Promise<T> =>
  (await withTimeout(loaders[locale])).default;

/**
 * What the pages without a session say, alone: the sign-in page needs no more. It shows none of
 * react-admin's own texts, so its catalogue has no `ra` part, which react-admin's type expects.
 */
export const loadPublicCatalog = async (locale: AppLocale): Promise<TranslationMessages> =>
  (await load(publicLoaders, locale)) as unknown as TranslationMessages;

/** What the signed-in app's first screen says: the public part, react-admin's, the map's. */
export const loadCatalog = async (locale: AppLocale): Promise<TranslationMessages> => {
  const [publicPart, app] = await Promise.all([
    load(publicLoaders, locale),
    load(appLoaders, locale),
  ]);
  return { ...app, ...publicPart };
};

/** The rest of the signed-in app's messages. */
export const loadMoreCatalog = (locale: AppLocale): Promise<object> => load(moreLoaders, locale);

/** Everything the app says in `locale` (a change of language). */
export const loadFullCatalog = async (locale: AppLocale): Promise<TranslationMessages> => {
  const [first, more] = await Promise.all([loadCatalog(locale), loadMoreCatalog(locale)]);
  return { ...first, ...more };
};
