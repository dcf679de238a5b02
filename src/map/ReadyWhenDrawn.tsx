import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { markPageReady } from '../loading/pageSettled';
import { liveStore } from '../live/liveStore';

/**
 * The map works once it shows the fleet: the marker layer says how many devices it holds in the
 * container's `data-markers` and how many it drew in `data-drawn` (the contract the e2e tests and
 * the map bench read too). A fleet with no position yet, or none in view, is shown as soon as the
 * loaded fleet is drawn: the bar's tools must not wait for markers that will not come.
 */
export const ReadyWhenDrawn = () => {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const count = (name: string) => Number(container.getAttribute(name)) || 0;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      observer.disconnect();
      unsubscribe();
      clearTimeout(grace);
    };
    const done = () => {
      markPageReady();
      stop();
    };
    // Every drawing sets `data-drawn`, even to the same value, so each one is seen here.
    const check = (drawing: boolean) => {
      const { synced, positions } = liveStore.getState();
      if (count('data-drawn') > 0) done();
      else if (synced && positions.size === 0) done();
      // Devices held but none drawn: out of view, or the worker's answer for them is still on
      // its way (which then draws them well within the grace).
      else if (synced && drawing && count('data-markers') > 0) grace ??= setTimeout(done, 1_000);
    };
    const observer = new MutationObserver((records) =>
      check(records.some((record) => record.attributeName === 'data-drawn')),
    );
    observer.observe(container, {
      attributes: true,
      attributeFilter: ['data-drawn', 'data-markers'],
    });
    const unsubscribe = liveStore.subscribe(() => check(false));
    check(false);
    return stop;
  }, [map]);
  return null;
};
