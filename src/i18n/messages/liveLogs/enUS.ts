/** The live device messages screen (administrators); spread into the main catalogues. */
const liveLogsEnUS = {
  liveLogs: {
    title: 'Device messages',
    hint: 'Messages arrive here as devices send them, while this page is open.',
    waiting: 'Waiting for device messages…',
    paused: 'Paused: new messages are not shown',
    pause: 'Pause',
    resume: 'Resume',
    clear: 'Clear',
    count: '%{smart_count} message |||| %{smart_count} messages',
    unknownDevice: 'Unknown device',
    received: 'Received from the device',
    sent: 'Sent to the device',
    columns: {
      time: 'Received',
      host: 'Address',
      protocol: 'Protocol',
      device: 'Device',
      direction: 'Direction',
      data: 'Data',
    },
  },
};

export default liveLogsEnUS;
