import type { Position } from '../../model/position';

/**
 * A device's answer to a command reaches the operator who sent it: the server stores the answer
 * as a position whose `attributes.result` is the device's text, which the socket delivers like
 * any other position. This tab remembers which devices it sent commands to, so only those
 * answers (and only for a while) become a toast, and no answer is toasted twice when the
 * `commandResult` event of a notification rule follows the position.
 */

/** How long after sending a command its device's answers are still shown. */
export const ANSWER_WINDOW_MS = 5 * 60_000;
/** An answer already shown (as a position or as its event) is not shown again within this. */
const REPEAT_MS = 60_000;

/** When this tab sent commands to each device, oldest first. */
const sent = new Map<number, number[]>();
/** Answers shown (`#positionId`, and `deviceId result`) → when. */
const shown = new Map<string, number>();

const prune = (now: number) => {
  for (const [deviceId, times] of sent) {
    const recent = times.filter((time) => now - time < ANSWER_WINDOW_MS);
    if (recent.length) sent.set(deviceId, recent);
    else sent.delete(deviceId);
  }
  for (const [key, time] of shown) if (now - time >= REPEAT_MS) shown.delete(key);
};

/**
 * Notes a command on its way to the device, before the server answers (a connected tracker may
 * reply before the HTTP answer arrives). The returned function forgets it again, for a command
 * the server refused.
 */
export const noteCommandSent = (deviceId: number, now = Date.now()): (() => void) => {
  prune(now);
  sent.set(deviceId, [...(sent.get(deviceId) ?? []), now]);
  return () => {
    const times = sent.get(deviceId)?.filter((time) => time !== now) ?? [];
    if (times.length) sent.set(deviceId, times);
    else sent.delete(deviceId);
  };
};

/** Whether this tab sent the device a command recently enough for its answer to be shown. */
export const awaitsAnswer = (deviceId: number, now = Date.now()): boolean => {
  prune(now);
  return sent.has(deviceId);
};

/** The device's answer as text ('' when the position carries none). */
export const resultText = (position: Pick<Position, 'attributes'>): string => {
  const result = position.attributes?.result;
  return typeof result === 'string' || typeof result === 'number' ? String(result).trim() : '';
};

/**
 * Claims the right to show this answer: true the first time, false when it was already shown
 * (its position and its `commandResult` event both arrive). The stored position's id tells them
 * apart; without one, the same text of the same device within a minute counts as the same.
 */
export const claimAnswer = (
  deviceId: number,
  result: string,
  positionId: number,
  now = Date.now(),
): boolean => {
  prune(now);
  const byText = `${deviceId} ${result}`;
  const byPosition = positionId > 0 ? `#${positionId}` : null;
  if (shown.has(byPosition ?? byText)) return false;
  shown.set(byText, now);
  if (byPosition) shown.set(byPosition, now);
  return true;
};

/** Forgets everything (tests). */
export const resetCommandAnswers = (): void => {
  sent.clear();
  shown.clear();
};
