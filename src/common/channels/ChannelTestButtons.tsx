import SendIcon from '@mui/icons-material/Send';
import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FrotaDataProvider } from '../../dataProvider';
import { channelErrorMessage } from './channelError';

const splitList = (value: unknown) =>
  typeof value === 'string' ? value.split(',').filter(Boolean) : [];

/** One "Test <channel>" button per channel chosen in the notification form. */
export const ChannelTestButtons = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const chosen = splitList(useWatch({ name: 'notificators' }));
  const test = useMutation({
    mutationFn: (channel: string) => dataProvider.testNotificator(channel),
    onSuccess: () => notify('admin.notifications.testSent', { type: 'success' }),
    onError: (error) => notify(channelErrorMessage(translate, error), { type: 'error' }),
  });
  if (chosen.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
      {chosen.map((channel) => (
        <Button
          key={channel}
          size="small"
          startIcon={<SendIcon />}
          disabled={test.isPending}
          onClick={() => test.mutate(channel)}
        >
          {translate('channels.test', {
            channel: translate(`admin.notificators.${channel}`, { _: channel }),
          })}
        </Button>
      ))}
    </Stack>
  );
};
