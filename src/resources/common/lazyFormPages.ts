import type { ComponentType } from 'react';
import { lazyPage } from '../../loading/lazyPage';

/**
 * `formPages` for a form whose code (and react-admin's edit and create views) loads the first
 * time either page opens; both pages share the one load.
 */
export const lazyFormPages = (loadForm: () => Promise<ComponentType>) => {
  let pages: ReturnType<typeof loadPages> | null = null;
  const loadPages = () =>
    Promise.all([loadForm(), import('./formPages')]).then(([Form, { formPages }]) =>
      formPages(Form),
    );
  const load = () =>
    (pages ??= loadPages().catch((error: unknown) => {
      pages = null;
      throw error;
    }));
  return {
    edit: lazyPage(() => load().then((loaded) => loaded.edit)),
    create: lazyPage(() => load().then((loaded) => loaded.create)),
  };
};
