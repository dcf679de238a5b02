import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';
import { channelErrorMessage } from '../../common/channels/channelError';

/** `POST /api/notifications/test`: a test through every enabled channel. */
export const TestNotificationButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const test = useMutation({
    mutationFn: () => dataProvider.notificationTest(),
    onSuccess: () => notify('admin.notifications.testSent', { type: 'success' }),
    onError: (error) => notify(channelErrorMessage(translate, error), { type: 'error' }),
  });
  return (
    <Button
      startIcon={<NotificationsActiveIcon />}
      onClick={() => test.mutate()}
      disabled={test.isPending}
    >
      {translate('admin.notifications.test')}
    </Button>
  );
};
