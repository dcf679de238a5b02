import { Button } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { attr } from '../../common/formAttributes';

/** Server attributes of the notification channels (Traccar's names); the secrets are write-only. */
const CHANNEL_FIELDS = [
  { key: 'notificator.telegram.key', label: 'telegramKey', secret: true },
  { key: 'notificator.telegram.chatId', label: 'telegramChatId' },
  { key: 'notificator.telegram.url', label: 'telegramUrl' },
  { key: 'notificator.sms.http.url', label: 'smsUrl' },
  { key: 'notificator.sms.http.authorization', label: 'smsAuthorization', secret: true },
  { key: 'notificator.sms.http.template', label: 'smsTemplate' },
  { key: 'notificator.firebase.serviceAccount', label: 'firebaseServiceAccount', secret: true },
  { key: 'notificator.firebase.url', label: 'firebaseUrl' },
] as const;

export const CHANNEL_KEYS: string[] = CHANNEL_FIELDS.map((field) => field.key);

/** The "Notification channels" section of the server settings, and the way to their texts. */
export const ChannelInputs = () => {
  const translate = useTranslate();
  return (
    <>
      <Button component={Link} to="/notification-templates" variant="outlined" sx={{ mb: 2 }}>
        {translate('notificationTemplates.open')}
      </Button>
      {CHANNEL_FIELDS.map((field) => (
        <TextInput
          key={field.key}
          source={attr(field.key)}
          label={`channels.fields.${field.label}`}
          type={
            'secret' in field && field.key !== 'notificator.firebase.serviceAccount'
              ? 'password'
              : 'text'
          }
          multiline={field.key === 'notificator.firebase.serviceAccount'}
          helperText={'secret' in field ? 'channels.secretHint' : false}
          autoComplete="off"
          fullWidth
        />
      ))}
    </>
  );
};
