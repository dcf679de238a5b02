import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { liveStore } from '../live/liveStore';
import type { LiveStore } from '../live/store';
import { awaitsAnswer, claimAnswer, resultText } from './commandAnswers';
import { playSound, soundName } from './sounds';
import { toastOptionsFrom, type ToastOptions } from './toastOptions';
import { toastStore } from './toastStore';

/** An answer is worth reading in full: it stays longer than an event's toast. */
export const ANSWER_TOAST_MS = 15_000;

const answerOptions = (): ToastOptions => ({
  ...toastOptionsFrom(undefined),
  durationMs: ANSWER_TOAST_MS,
});

/**
 * Shows "Answer from {device}: {result}" when a device this tab sent a command to in the last
 * few minutes answers it: the answer arrives on the socket as a position of that device, so no
 * request is made for it.
 */
export const useCommandAnswerToasts = (muted: boolean, store: LiveStore = liveStore) => {
  const translate = useTranslate();
  const latest = useRef({ translate, muted });
  latest.current = { translate, muted };

  useEffect(
    () =>
      store.subscribe(({ results }) => {
        results.forEach((position) => {
          const result = resultText(position);
          if (!result || !awaitsAnswer(position.deviceId)) return;
          if (!claimAnswer(position.deviceId, result, position.id)) return;
          const { translate: t, muted: silent } = latest.current;
          const device = store.getState().devices.get(position.deviceId);
          const options = answerOptions();
          if (!silent) playSound(options.sound);
          toastStore.push({
            title: t('actions.commandAnswerTitle'),
            message: t('actions.commandAnswer', {
              device: device?.name ?? `#${position.deviceId}`,
              result,
            }),
            options,
            soundState: silent ? 'muted' : soundName(options.sound),
          });
        });
      }),
    [store],
  );
};
