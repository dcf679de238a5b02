import { useEffect, useState } from 'react';
import { getJson, request } from '../dataProvider/http';
import type { User } from '../../model/user';

export interface Share {
  id: number;
  name: string;
  deviceId: number;
  deviceIds?: number[];
  expirationTime: string;
  limitCommands: boolean;
  token: string;
  userId?: number;
}

let available: Promise<boolean> | null = null;

/** The share action shows only once `/tarkan/shares` answers (proxy mode has no shares). */
const sharesAvailable = (): Promise<boolean> => {
  available ??= request('/tarkan/shares')
    .then((response) => Array.isArray(response.body))
    .catch(() => false);
  return available;
};

/** Whether this server has shares (asked once per page); false until it has answered. */
export const useSharesAvailable = (): boolean => {
  const [ok, setOk] = useState(false);
  useEffect(() => {
    let live = true;
    void sharesAvailable().then((answer) => live && setOk(answer));
    return () => {
      live = false;
    };
  }, []);
  return ok;
};

interface ShareInput {
  name: string;
  deviceId: number;
  expirationTime: Date;
  limitCommands: boolean;
}

export const createShare = (input: ShareInput) =>
  getJson<Share>('/tarkan/shares', {
    method: 'POST',
    json: {
      id: 0,
      name: input.name,
      deviceId: input.deviceId,
      expirationTime: input.expirationTime.toISOString(),
      token: null,
      limitCommands: input.limitCommands,
    },
  });

export const listShares = (deviceId?: number) =>
  getJson<Share[]>('/tarkan/shares', deviceId ? { query: { deviceId: String(deviceId) } } : {});

export const revokeShare = async (id: number): Promise<void> => {
  await request(`/tarkan/shares/${id}`, { method: 'DELETE' });
};

/** Signs in as the link's viewer; the token travels in the body, never in an API URL. */
export const openShareSession = (token: string) =>
  getJson<User>('/tarkan/shares/session', { method: 'POST', json: { token } });

export const shareLink = (share: Pick<Share, 'token'>, origin = window.location.origin) =>
  `${origin}/share/${share.token}`;
