import { useCallback, useEffect, useState } from 'react';
import { dataProvider } from '../dataProvider';
import type { ServerInfoValue } from './ServerInfoContext';
import { publishServerInfo, subscribeServerInfo } from './serverInfoStore';

type LoaderState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: ServerInfoValue };

/**
 * Loads server info, branding and theme colours together; `retry` starts over after a failure.
 * It runs before react-admin (and its query client) mounts, so it keeps its own state.
 */
export const useServerInfoLoader = (): [LoaderState, () => void] => {
  const [state, setState] = useState<LoaderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // Saving the server settings publishes the new ones; every reader follows.
  useEffect(() => subscribeServerInfo((value) => setState({ status: 'ready', value })), []);

  useEffect(() => {
    let active = true;
    Promise.all([
      dataProvider.getServerInfo(),
      dataProvider.getBrand(),
      dataProvider.getThemeColors(),
    ]).then(
      ([info, brand, colors]) => {
        if (active) {
          publishServerInfo({ ...info, brand, colors, isPlus: info.licenseMode !== null });
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
