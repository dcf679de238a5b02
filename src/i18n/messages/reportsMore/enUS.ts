/** The combined and geofence reports and the mail action; spread into the main catalogues. */
const reportsMoreEnUS = {
  reportsMore: {
    views: { combined: 'Combined', geofences: 'Geofences' },
    hints: {
      combined: 'Routes and events of several vehicles on the map',
      geofences: 'Entries into and exits from geofences, with the time inside',
      scheduled: 'Reports mailed to you at the end of each period',
    },
    scheduled: 'Scheduled reports',
    geofences: 'Geofences',
    needGeofence: 'Choose at least one geofence',
    columns: {
      geofence: 'Geofence',
      device: 'Device',
      entered: 'Entered',
      left: 'Left',
      duration: 'Duration',
      time: 'Time',
      event: 'Event',
    },
    events: 'Events',
    mail: 'E-mail',
    mailed: 'The report will be sent to your e-mail',
    mailFailed: 'Could not send the report: %{error}',
    schedule: 'Schedule',
  },
};

export default reportsMoreEnUS;
export type ReportsMoreMessages = typeof reportsMoreEnUS;
