/** Messages of the notification template editor (server settings, administrators). */
const notificationTemplatesEnUS = {
  notificationTemplates: {
    title: 'Notification templates',
    open: 'Edit notification templates',
    back: 'Back to the server settings',
    intro:
      'The text of each notification, per event type and language. The subject is the short line: the e-mail subject and the whole web, SMS and push message; the body is the e-mail text, Telegram and the push text.',
    language: 'Language',
    types: 'Event types',
    custom: 'Edited',
    subject: 'Subject',
    body: 'Body',
    placeholders: 'Placeholders',
    placeholdersHint: 'Click one to add it to the subject or body you were editing.',
    insert: 'Add %{placeholder}',
    fields: {
      device: 'Device name',
      event: 'Event name',
      alarm: 'Alarm',
      geofence: 'Geofence',
      speed: 'Speed',
      speedLimit: 'Speed limit',
      time: 'Date and time',
      address: 'Address',
      position: 'Coordinates',
      link: 'Link to the device in the app',
      driver: 'Driver',
      maintenance: 'Maintenance',
      result: 'Command result',
      brand: 'Brand name',
    },
    preview: 'Preview on a sample event',
    previewSubject: 'E-mail subject',
    previewShort: 'Web, SMS and push',
    previewText: 'Plain text',
    previewFrame: 'E-mail as the recipient sees it',
    save: 'Save',
    saved: 'Template saved',
    reset: 'Restore default',
    resetDone: 'Template restored to the default',
    errors: {
      unknownPlaceholder: 'Unknown placeholder %{detail}',
      unmatchedBrace: 'A { or } has no partner',
      empty: 'Fill in the subject and the body',
      oneLine: 'The subject must be a single line',
      tooLong: 'The text is longer than %{detail} characters',
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type NotificationTemplatesMessages = Strings<typeof notificationTemplatesEnUS>;

export default notificationTemplatesEnUS;
