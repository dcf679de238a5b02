import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { markPageReady } from '../loading/pageSettled';

/**
 * The map works once its markers are drawn: the marker layer says how many it drew in the
 * container's `data-drawn` (the contract the e2e tests and the map bench read too).
 */
export const ReadyWhenDrawn = () => {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const drawn = () => Number(container.getAttribute('data-drawn')) > 0;
    if (drawn()) {
      markPageReady();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!drawn()) return;
      markPageReady();
      observer.disconnect();
    });
    observer.observe(container, { attributes: true, attributeFilter: ['data-drawn'] });
    return () => observer.disconnect();
  }, [map]);
  return null;
};
