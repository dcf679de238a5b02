/** The server statistics page (administrators); spread into the main catalogues. */
const statisticsEnUS = {
  statistics: {
    title: 'Statistics',
    from: 'From',
    to: 'To',
    show: 'Show',
    empty: 'No statistics in this period',
    total: 'Total',
    invalidPeriod: 'The end must come after the start',
    failed: 'Could not load the statistics: %{error}',
    columns: {
      captureTime: 'Day',
      activeUsers: 'Active users',
      activeDevices: 'Active devices',
      requests: 'Requests',
      messagesReceived: 'Messages received',
      messagesStored: 'Positions stored',
      mailSent: 'E-mails sent',
      smsSent: 'SMS sent',
      geocoderRequests: 'Geocoder requests',
      geolocationRequests: 'Geolocation requests',
      protocols: 'Protocols',
    },
  },
};

export default statisticsEnUS;
