import SendIcon from '@mui/icons-material/Send';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { request } from '../../dataProvider/http';
import { channelErrorMessage } from './channelError';

const splitList = (value: unknown) =>
  typeof value === 'string' ? value.split(',').filter(Boolean) : [];

/** One "Test <channel>" button per channel chosen in the notification form. */
export const ChannelTestButtons = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const chosen = splitList(useWatch({ name: 'notificators' }));
  const test = async (channel: string) => {
    setBusy(channel);
    try {
      await request(`/api/notifications/test/${encodeURIComponent(channel)}`, { method: 'POST' });
      notify('admin.notifications.testSent', { type: 'success' });
    } catch (error) {
      notify(channelErrorMessage(translate, error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  if (chosen.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
      {chosen.map((channel) => (
        <Button
          key={channel}
          size="small"
          startIcon={<SendIcon />}
          disabled={busy !== null}
          onClick={() => void test(channel)}
        >
          {translate('channels.test', {
            channel: translate(`admin.notificators.${channel}`, { _: channel }),
          })}
        </Button>
      ))}
    </Stack>
  );
};
