import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { channelErrorMessage } from '../../settings/channels/channelError';
import type { TraccarDataProvider } from '../../dataProvider/traccar';

/** `POST /api/notifications/test`: a test through every enabled channel. */
export const TestNotificationButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TraccarDataProvider>();
  const [busy, setBusy] = useState(false);
  const test = async () => {
    setBusy(true);
    try {
      await dataProvider.notificationTest();
      notify('admin.notifications.testSent', { type: 'success' });
    } catch (error) {
      notify(channelErrorMessage(translate, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<NotificationsActiveIcon />} onClick={() => void test()} disabled={busy}>
      {translate('admin.notifications.test')}
    </Button>
  );
};
