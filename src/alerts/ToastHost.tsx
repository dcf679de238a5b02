import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { liveStore } from '../live/liveStore';
import { useGeofences } from '../live/useReferenceData';
import { claimAnswer, resultText } from './commandAnswers';
import { useCommandAnswerToasts } from './useCommandAnswerToasts';
import { useMute } from './useMute';
import { eventText } from './eventText';
import { type NotificationRule, ruleFor } from './notificationRules';
import { playSound, soundName } from './sounds';
import { ToastStack } from './ToastStack';
import { toastOptionsFrom } from './toastOptions';
import { toastStore } from './toastStore';

/**
 * Turns socket events into toasts with their rule's corner, colour, pin and sound, and the
 * answers to the commands this tab sent into toasts of their own.
 */
export const ToastHost = () => {
  const translate = useTranslate();
  const [muted] = useMute();
  const geofences = useGeofences();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const latest = useRef({ translate, muted, geofences });
  latest.current = { translate, muted, geofences };
  useCommandAnswerToasts(muted);

  /** The user's notification rules, loaded once per page (events carry no notification id). */
  const loadRules = useCallback(
    () =>
      queryClient
        .fetchQuery({
          queryKey: ['alerts', 'notificationRules'],
          queryFn: async () =>
            (await dataProvider.getList<NotificationRule>('notifications', {})).data,
          staleTime: Infinity,
          gcTime: Infinity,
        })
        // Toasts then use the defaults; the next event asks again.
        .catch((): NotificationRule[] => []),
    [dataProvider, queryClient],
  );

  useEffect(
    () =>
      liveStore.subscribe(({ events }) => {
        if (!events.length) return;
        void loadRules().then((rules) => {
          const { translate: t, muted: silent, geofences: fences } = latest.current;
          events.forEach((event) => {
            // The answer's position may have been shown already, as the command's answer.
            const result = event.type === 'commandResult' ? resultText(event) : '';
            if (result && !claimAnswer(event.deviceId, result, event.positionId)) return;
            const options = toastOptionsFrom(ruleFor(event, rules)?.attributes);
            const device = liveStore.getState().devices.get(event.deviceId);
            if (!silent) playSound(options.sound);
            // An announcement has no device: its subject is the title.
            const subject = event.attributes?.subject;
            toastStore.push({
              title: device?.name ?? (typeof subject === 'string' ? subject : ''),
              message: eventText(event, t, (id) => fences.find((fence) => fence.id === id)?.name),
              options,
              soundState: silent ? 'muted' : soundName(options.sound),
            });
          });
        });
      }),
    [loadRules],
  );

  return <ToastStack />;
};
