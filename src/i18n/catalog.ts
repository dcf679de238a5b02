import type { TranslationMessages } from 'react-admin';
import { withTimeout } from '../loading/chunkTimeout';
import type { AppLocale } from './locales';
import type { PublicMessages } from './messages/public/enUS';

/**
 * One language's messages at a time: a visitor downloads the language they read, not all three,
 * in two chunks: what the pages without a session say (`messages/public/`, all the sign-in page
 * loads) and the rest of the app (`catalogs/`), loaded with the app and on a language change.
 */
const loaders: Record<AppLocale, () => Promise<{ default: TranslationMessages }>> = {
  'pt-BR': () => import('./catalogs/ptBR'),
  'es-ES': () => import('./catalogs/esES'),
  'en-US': () => import('./catalogs/enUS'),
};

const publicLoaders: Record<AppLocale, () => Promise<{ default: PublicMessages }>> = {
  'pt-BR': () => import('./messages/public/ptBR'),
  'es-ES': () => import('./messages/public/esES'),
  'en-US': () => import('./messages/public/enUS'),
};

/**
 * What the pages without a session say, alone: the sign-in page needs no more. It shows none of
 * react-admin's own texts, so its catalogue has no `ra` part, which react-admin's type expects.
 */
export const loadPublicCatalog = async (locale: AppLocale): Promise<TranslationMessages> =>
  (await withTimeout(publicLoaders[locale])).default as unknown as TranslationMessages;

export const loadCatalog = async (locale: AppLocale): Promise<TranslationMessages> => {
  const [publicPart, rest] = await Promise.all([
    loadPublicCatalog(locale),
    withTimeout(loaders[locale]),
  ]);
  // The two parts share no top-level key (a unit test checks), so a shallow merge is whole.
  return { ...rest.default, ...publicPart };
};
