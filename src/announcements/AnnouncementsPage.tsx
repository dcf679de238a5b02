import { Alert, Autocomplete, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { User } from '../../model/user';
import { useAccess } from '../authProvider/useAccess';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { PageFrame } from '../common/PageFrame';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';

/** The channels this screen knows names for; the in-app one is Frota's own. */
const CHANNELS = ['mail', 'sms', 'telegram', 'firebase', 'web'] as const;

/** A channel the server can deliver an announcement through now (it lists no other). */
interface Channel {
  type: string;
}

/**
 * `/announcements`: a message to users through one channel (administrators; managers to the
 * users they manage). Confirmed before it goes; no user chosen means every user one manages.
 */
export const AnnouncementsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const { can, user: me } = useAccess();
  const allowed = can('list', 'announcements');
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data: users = [], isSuccess: usersLoaded } = useGetList<User>(
    'users',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: allowed },
  );
  const { data: offered = [] } = useQuery({
    queryKey: ['announcementChannels'],
    queryFn: () => dataProvider.getAnnouncementChannels(),
    enabled: allowed,
  });
  const channels: Channel[] = [
    ...offered.filter((channel) => (CHANNELS as readonly string[]).includes(channel.type)),
    // The web app shows an in-app announcement on the open sessions (Frota's extension).
    { type: 'web' },
  ];
  const [recipients, setRecipients] = useState<User[]>([]);
  const [channel, setChannel] = useState('web');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      dataProvider.sendAnnouncement(
        channel,
        recipients.map((user) => user.id),
        { subject: subject.trim(), body: body.trim() },
      ),
    onSuccess: () => {
      notify('announcements.sent', { type: 'success' });
      setConfirming(false);
      setSubject('');
      setBody('');
    },
    onError: (error) => {
      setConfirming(false);
      notify('announcements.failed', { type: 'error', messageArgs: { error: errorText(error) } });
    },
  });
  if (!allowed) return null;

  const channelName = (type: string) => translate(`announcements.channels.${type}`, { _: type });
  const choosable = users.filter((user) => user.id !== me?.id && !user.temporary);
  // A manager's announcement goes to the users they manage: with none there is nobody to reach
  // (an administrator's goes to every user, themselves included).
  const nobody = usersLoaded && choosable.length === 0 && me?.administrator !== true;
  const ready = subject.trim() !== '' && body.trim() !== '' && !nobody;

  return (
    <PageFrame title={translate('announcements.title')} maxWidth={720} card>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) setConfirming(true);
        }}
      >
        <Stack spacing={2}>
          <Autocomplete
            multiple
            options={choosable}
            getOptionLabel={(user) => `${user.name} (${user.email})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={recipients}
            onChange={(_, chosen) => setRecipients(chosen)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('announcements.users')}
                helperText={translate('announcements.usersHelp')}
              />
            )}
            data-testid="announcement-users"
          />
          <TextField
            select
            label={translate('announcements.channel')}
            value={channel}
            onChange={(event) => setChannel(event.target.value)}
            data-testid="announcement-channel"
          >
            {channels.map((item) => (
              <MenuItem key={item.type} value={item.type}>
                {channelName(item.type)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('announcements.subject')}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            required
          />
          <TextField
            label={translate('announcements.body')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: 20000 } }}
            required
          />
          {nobody ? (
            <Alert severity="warning">{translate('announcements.noRecipients')}</Alert>
          ) : (
            !ready && <Alert severity="info">{translate('announcements.required')}</Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={!ready || send.isPending}>
              {translate('announcements.send')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={translate('announcements.confirmTitle')}
        message={
          recipients.length > 0
            ? translate('announcements.confirmUsers', {
                smart_count: recipients.length,
                subject: subject.trim(),
                channel: channelName(channel),
              })
            : translate('announcements.confirmAll', {
                subject: subject.trim(),
                channel: channelName(channel),
              })
        }
        cancelLabel={translate('announcements.cancel')}
        confirmLabel={translate('announcements.confirm')}
        busy={send.isPending}
        onConfirm={() => send.mutate()}
        onCancel={() => setConfirming(false)}
        testId="announcement-confirm"
      />
    </PageFrame>
  );
};
