/** Scheduled reports: the schedule dialog and the list; spread into the main catalogues. */
const scheduledReportsEnUS = {
  scheduledReports: {
    empty: 'No scheduled reports yet',
    noMail:
      'This server does not send e-mail yet: scheduled reports will only arrive once an administrator sets it up.',
    recipientsHint:
      'Each report is mailed to the users linked to it (you, when you schedule it) at the end of every period of its calendar.',
    fields: {
      type: 'Report',
      description: 'Description',
      calendarId: 'Calendar',
      daily: 'Day by day',
    },
    types: {
      route: 'Route history',
      events: 'Events',
      trips: 'Trips',
      stops: 'Stops',
      summary: 'Summary',
    },
    dialog: {
      title: 'Schedule report',
      failed: 'Could not schedule the report: %{error}',
      description: 'Description',
      period: 'Send',
      calendar: 'Calendar',
      targets: '%{devices} device(s) and %{groups} group(s) of the filter',
      save: 'Schedule',
      cancel: 'Cancel',
      saved: 'Report scheduled',
      needDescription: 'Enter a description',
      needCalendar: 'Choose a calendar',
    },
    periods: {
      existing: 'By an existing calendar',
      daily: 'Every day (the day before)',
      weekly: 'Every week (the week before)',
      monthly: 'Every month (the month before)',
    },
    calendarNames: {
      daily: 'Daily report',
      weekly: 'Weekly report',
      monthly: 'Monthly report',
    },
  },
};

export default scheduledReportsEnUS;
export type ScheduledReportsMessages = typeof scheduledReportsEnUS;
