/** Messages of the notification channels: server settings and channel errors. */
const channelsEnUS = {
  channels: {
    tab: 'Notification channels',
    secretHint: 'Stored and never shown; leave blank to keep it',
    test: 'Test %{channel}',
    errors: {
      notConfigured: '%{channel} is not configured on this server',
      chatMissing: 'No Telegram chat is set for your account',
      phoneMissing: 'Your account has no phone number',
      tokensMissing: 'No device is registered for push notifications',
      emailMissing: 'Your account has no e-mail address',
      failed: 'The %{channel} delivery failed',
    },
    fields: {
      telegramKey: 'Telegram bot token',
      telegramChatId: 'Telegram default chat id',
      telegramUrl: 'Telegram Bot API address',
      smsUrl: 'SMS gateway address',
      smsAuthorization: 'SMS gateway authorization header',
      smsTemplate: 'SMS request template ({phone}, {message})',
      firebaseServiceAccount: 'Firebase service account (JSON)',
      firebaseUrl: 'Firebase Cloud Messaging address',
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type ChannelsMessages = Strings<typeof channelsEnUS>;

export default channelsEnUS;
