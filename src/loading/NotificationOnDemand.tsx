import { useState } from 'react';
import { useNotificationContext } from 'react-admin';
import { lazyPage } from './lazyPage';

const Notification = lazyPage(() => import('./raScreens').then((ra) => ra.Notification), {
  quiet: true,
  early: true,
});

/**
 * react-admin's notification snackbar, fetched with the first notification rather than before
 * the first screen. It stays mounted afterwards: it takes each notification off the queue to show
 * it, so the queue empties while its snackbar is still on screen.
 */
export const NotificationOnDemand = () => {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? <Notification /> : null;
};
