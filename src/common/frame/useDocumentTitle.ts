import { useEffect } from 'react';

/** react-admin's title portal in the bar, where every page puts its name. */
const TITLE_ID = 'react-admin-title';

/**
 * The browser tab says which page this is: "Dispositivos · Frota", the page's name as the bar
 * shows it (every page puts it there, through react-admin's `<Title>` or `PageTitle`) and the
 * brand's name from the server settings; the brand alone while a page has none.
 */
export const useDocumentTitle = (brand: string) => {
  useEffect(() => {
    const bar = document.getElementById(TITLE_ID);
    const update = () => {
      const page = bar?.textContent?.trim() ?? '';
      document.title = page && page !== brand ? `${page} · ${brand}` : brand;
    };
    update();
    if (!bar) return;
    // Pages put their titles in after they mount, and change them (a record loaded, a filter).
    const observer = new MutationObserver(update);
    observer.observe(bar, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = brand;
    };
  }, [brand]);
};
