import { startTransition, useEffect, useState } from 'react';

/** True once the window `load` event has fired (images, fonts and styles are in). */
export const usePageLoaded = (): boolean => {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    // A transition: what this gate lets through is the whole signed-in frame and its first
    // screen, which React then builds in slices instead of one long task.
    const onLoad = () => startTransition(() => setLoaded(true));
    window.addEventListener('load', onLoad);
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
};
