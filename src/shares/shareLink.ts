import type { Share } from '../dataProvider/shares';

export const shareLink = (share: Pick<Share, 'token'>, origin = window.location.origin) =>
  `${origin}/share/${share.token}`;

export const copyLink = (link: string) => navigator.clipboard?.writeText(link) ?? Promise.reject();
