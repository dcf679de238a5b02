import { getJson, request } from '../../dataProvider/http';

export interface Share {
  id: number;
  name: string;
  deviceId: number;
  expirationTime: string;
  limitCommands: boolean;
  token: string;
}

let available: Promise<boolean> | null = null;

/** The share API arrives in a later issue: the action shows only once `/tarkan/shares` answers. */
export const sharesAvailable = (): Promise<boolean> => {
  available ??= request('/tarkan/shares')
    .then((response) => Array.isArray(response.body))
    .catch(() => false);
  return available;
};

const SHARE_MINUTES = 30;

export const createShare = (deviceId: number, name: string) =>
  getJson<Share>('/tarkan/shares', {
    method: 'POST',
    json: {
      id: 0,
      name,
      deviceId,
      expirationTime: new Date(Date.now() + SHARE_MINUTES * 60_000).toISOString(),
      token: null,
      limitCommands: true,
    },
  });

export const shareLink = (share: Share, origin = window.location.origin) =>
  `${origin}/share/${share.token}`;
