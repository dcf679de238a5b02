import { useEffect, useState } from 'react';

/** True once the window `load` event has fired (images, fonts and styles are in). */
export const usePageLoaded = (): boolean => {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad);
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
};
