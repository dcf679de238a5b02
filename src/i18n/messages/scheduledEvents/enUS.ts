/** The events screen (scheduled and command notifications); spread into the main catalogues. */
const scheduledEventsEnUS = {
  scheduledEvents: {
    title: 'Events',
    empty: 'No scheduled or command notifications yet',
    fields: {
      type: 'Type',
      description: 'Description',
      calendarId: 'Calendar',
      notificators: 'Channels',
      commandId: 'Saved command',
      always: 'All devices',
    },
    calendarRequired: 'A scheduled notification needs a calendar',
    commandRequired: 'Choose the saved command to send',
    kindRequired: 'Choose the scheduled type or the command channel',
    devicesHint:
      'Without "All devices", link the devices or groups this applies to from their links tab.',
  },
};

export default scheduledEventsEnUS;
