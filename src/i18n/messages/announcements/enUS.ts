/** Announcements to users (administrators and managers); spread into the main catalogues. */
const announcementsEnUS = {
  announcements: {
    title: 'Announcements',
    users: 'Recipients',
    usersHelp: 'None chosen: every user you manage',
    channel: 'Channel',
    subject: 'Subject',
    body: 'Message',
    send: 'Send',
    confirmTitle: 'Send this announcement?',
    confirmUsers:
      '“%{subject}” goes by %{channel} to %{smart_count} user. |||| “%{subject}” goes by %{channel} to %{smart_count} users.',
    confirmAll: '“%{subject}” goes by %{channel} to every user you manage.',
    cancel: 'Cancel',
    confirm: 'Send',
    sent: 'Announcement sent',
    failed: 'The announcement was not sent: %{error}',
    required: 'Write a subject and a message',
    noRecipients: 'You manage no users: there is nobody to send this announcement to.',
    channels: {
      mail: 'E-mail',
      sms: 'SMS',
      telegram: 'Telegram',
      firebase: 'Push notification',
      web: 'In the app',
    },
  },
};

export default announcementsEnUS;
