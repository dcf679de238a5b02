import { useEffect, useState } from 'react';
import { lazyPage } from '../loading/lazyPage';
import { whenPageSettled } from '../loading/pageSettled';

const BarTools = lazyPage(() => import('./BarTools').then((m) => m.BarTools), { quiet: true });

/**
 * The bar's tools arrive once the opened page shows its data: they bring the user menu, its
 * popover and tooltips, none of which the map needs to be used (docs/web-app-loading.md).
 */
export const DeferredBarTools = () => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void whenPageSettled().then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, []);
  return ready ? <BarTools /> : null;
};
