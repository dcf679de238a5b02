export const TOAST_POSITIONS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export const TOAST_COLORS = [
  'soft-red',
  'red',
  'soft-green',
  'green',
  'soft-yellow',
  'yellow',
  'soft-info',
  'info',
] as const;
export type ToastColor = (typeof TOAST_COLORS)[number];

/** A built-in sound (`audio1`…`audio24`), a custom file, or silence. */
export type ToastSound =
  { kind: 'builtin'; index: number } | { kind: 'url'; url: string } | { kind: 'mute' };

export interface ToastOptions {
  position: ToastPosition;
  color: ToastColor;
  /** null: stays until closed (`tarkan.pin`). */
  durationMs: number | null;
  sound: ToastSound;
}

/** 7000 ms, bottom-right, default sound audio1. */
export const TOAST_DURATION_MS = 7000;
export const SOUND_COUNT = 24;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const truthy = (value: unknown) => value === true || value === 'true' || value === 1;

const SOUND_URL = /^(https?:\/\/|\/)[^\s]*\.(mp3|wav|ogg)(\?[^\s]*)?$/i;

/** Only mp3, wav or ogg files over http(s) or the same origin. */
export const isSoundUrl = (value: unknown): value is string =>
  typeof value === 'string' && SOUND_URL.test(value.trim());

export const soundFrom = (attributes: Record<string, unknown>): ToastSound => {
  const sound = attributes['tarkan.sound'];
  if (sound === 'mute') return { kind: 'mute' };
  const url = attributes['tarkan.soundURL'];
  if ((sound === 'custom' || sound === undefined) && isSoundUrl(url)) {
    return { kind: 'url', url: url.trim() };
  }
  const match = typeof sound === 'string' ? /^audio(\d+)$/.exec(sound) : null;
  const index = match ? Number(match[1]) : 1;
  return { kind: 'builtin', index: index >= 1 && index <= SOUND_COUNT ? index : 1 };
};

/** The toast a notification rule asks for, from its attributes (Tarkan's keys). */
export const toastOptionsFrom = (attributes: Record<string, unknown> | undefined): ToastOptions => {
  const source = attributes ?? {};
  const position = source['tarkan.position'];
  const color = source['tarkan.color'];
  return {
    position: isOneOf(TOAST_POSITIONS, position) ? position : 'bottom-right',
    color: isOneOf(TOAST_COLORS, color) ? color : 'info',
    durationMs: truthy(source['tarkan.pin']) ? null : TOAST_DURATION_MS,
    sound: soundFrom(source),
  };
};
