import { type ReactNode, useMemo, useState } from 'react';
import {
  NotificationContext,
  type NotificationContextType,
  useNotificationContext,
} from 'react-admin';
import { lazyPage } from './lazyPage';

const Notification = lazyPage(() => import('./raScreens').then((ra) => ra.Notification), {
  quiet: true,
  early: true,
});

/**
 * The queue as react-admin's snackbar reads it, except that taking the next notice removes that
 * notice from the queue as it is then. react-admin's own take writes back the rest of the queue
 * its render saw, so a notice sent between that render and the take (a request answered as the
 * previous notice leaves the screen) was dropped without ever being shown.
 */
const TakeWithoutLoss = ({ children }: { children: ReactNode }) => {
  const queue = useNotificationContext();
  const value = useMemo<NotificationContextType>(
    () => ({
      ...queue,
      takeNotification: () => {
        const [next] = queue.notifications;
        if (next) queue.setNotifications((current) => current.filter((item) => item !== next));
        return next;
      },
    }),
    [queue],
  );
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
};

/**
 * react-admin's notification snackbar, fetched with the first notification rather than before
 * the first screen. It stays mounted afterwards: it takes each notification off the queue to show
 * it, so the queue empties while its snackbar is still on screen.
 */
export const NotificationOnDemand = () => {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <TakeWithoutLoss>
      <Notification />
    </TakeWithoutLoss>
  ) : null;
};
