import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeProtocolLogs, type ProtocolLogRecord } from '../live/protocolLogs';

/**
 * A record as the screen keeps it (either way: `outgoing` marks a frame the server sent): when it
 * arrived, and a key that stays with it.
 */
export interface ShownLogRecord extends ProtocolLogRecord {
  key: number;
  receivedAt: number;
}

/** The screen keeps this many, newest first; older ones fall off. */
export const MAX_SHOWN = 500;

/**
 * The live protocol logs while the calling screen is mounted and `enabled`: turns them on on the
 * socket, keeps the newest `MAX_SHOWN` records, ignores new ones while paused.
 */
export const useProtocolLogs = (enabled: boolean) => {
  const [records, setRecords] = useState<ShownLogRecord[]>([]);
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const nextKey = useRef(0);

  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeProtocolLogs((incoming) => {
      if (pausedRef.current) return;
      const receivedAt = Date.now();
      const fresh = incoming.map((record) => ({ ...record, key: nextKey.current++, receivedAt }));
      setRecords((shown) => [...fresh.reverse(), ...shown].slice(0, MAX_SHOWN));
    });
  }, [enabled]);

  const clear = useCallback(() => setRecords([]), []);
  return { records, paused, setPaused, clear };
};
