import { useCallback, useEffect, useState } from 'react';
import { serverMethods } from '../dataProvider/server';
import { themeMethods } from '../dataProvider/theme';
import type { ServerInfoValue } from './ServerInfoContext';
import { getServerInfo, publishServerInfo, subscribeServerInfo } from './serverInfoStore';

type LoaderState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: ServerInfoValue };

/** Server info, branding and theme colours, fetched together and published to every reader. */
export const loadServerInfo = async (): Promise<ServerInfoValue> => {
  const [info, brand, colors] = await Promise.all([
    serverMethods.getServerInfo(),
    themeMethods.getBrand(),
    themeMethods.getThemeColors(),
  ]);
  const value = { ...info, brand, colors, isPlus: info.licenseMode !== null };
  publishServerInfo(value);
  return value;
};

/**
 * Loads server info, branding and theme colours together; `retry` starts over after a failure.
 * It runs before react-admin (and its query client) mounts, so it keeps its own state. The
 * sign-in page may have loaded them already: the app then starts with those.
 */
export const useServerInfoLoader = (): [LoaderState, () => void] => {
  const [state, setState] = useState<LoaderState>(() => {
    const loaded = getServerInfo();
    return loaded ? { status: 'ready', value: loaded } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  // Saving the server settings publishes the new ones; every reader follows.
  useEffect(() => subscribeServerInfo((value) => setState({ status: 'ready', value })), []);

  useEffect(() => {
    if (attempt === 0 && getServerInfo()) return;
    let active = true;
    loadServerInfo().then(
      () => undefined,
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
