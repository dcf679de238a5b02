import { useCallback, useEffect, useState } from 'react';
import { loadBrand, loadServerInfo } from './loadServerInfo';
import type { ServerInfoValue } from './ServerInfoContext';

export type LoaderState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: ServerInfoValue };

/** Loads server info and branding together; `retry` starts over after a failure. */
export const useServerInfoLoader = (): [LoaderState, () => void] => {
  const [state, setState] = useState<LoaderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    Promise.all([loadServerInfo(), loadBrand()]).then(
      ([info, brand]) => {
        if (active) {
          setState({
            status: 'ready',
            value: { ...info, brand, isPlus: info.licenseMode !== null },
          });
        }
      },
      () => {
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return [state, retry];
};
