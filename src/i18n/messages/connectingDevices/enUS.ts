/** Devices trying to connect (administrators) and the server's switch for them; spread into the main catalogues. */
const connectingDevicesEnUS = {
  connectingDevices: {
    title: 'Devices trying to connect',
    hint: 'Trackers that reached the server with an identifier no device is registered under. Add one to start receiving its positions, or dismiss it. The list refreshes itself while this page is open.',
    columns: {
      uniqueId: 'Identifier',
      protocol: 'Protocol',
      address: 'Address',
      firstSeen: 'First attempt',
      lastSeen: 'Latest attempt',
      attempts: 'Attempts',
      actions: 'Actions',
    },
    add: 'Add',
    addLabel: 'Add the device %{uniqueId}',
    dismiss: 'Dismiss',
    dismissLabel: 'Dismiss %{uniqueId}',
    added: 'Device %{name} added',
    edit: 'Edit',
    dismissed: '%{uniqueId} left the list; it comes back if the tracker keeps trying',
    failed: 'Could not load the list: %{error}',
    actionFailed: 'The action failed: %{error}',
    listHint:
      '%{smart_count} device trying to connect |||| %{smart_count} devices trying to connect',
    empty: {
      title: 'No device is trying to connect',
      what: 'When a tracker reaches the server with an identifier (usually its IMEI) that is not registered as a device, it shows up here, to be added with one click.',
      how: 'To point a tracker at this server, set it (usually with an SMS command: see its manual) to send to the address %{host}, on the port of its protocol.',
      ports:
        'Each protocol listens on a port of its own (set with GT06_PORT, H02_PORT, … when the server starts):',
      auto: 'To have unknown trackers registered as devices at once instead, turn on "Register unknown devices automatically" in the server settings.',
      settings: 'Server settings',
    },
    firstTracker: {
      title: 'Connect your first tracker',
      intro:
        'Your vehicles show on this map as soon as each one’s tracker sends its first position. To get there:',
      add: 'Add a device with the tracker’s identifier (usually its IMEI, on its label or box).',
      addButton: 'Add device',
      askAdmin:
        'Ask your account’s administrator to add a device with the tracker’s identifier (usually its IMEI).',
      tracker:
        'Set the tracker up (usually with an SMS command: see its manual) to report to the address %{host}, on its protocol’s port:',
      app: 'Or use a phone: install the Traccar Client app and enter %{address} as its "Server URL" and, as its "Device identifier", the identifier you registered.',
    },
    ports: {
      protocol: 'Protocol',
      port: 'Port',
      transport: 'Transport',
    },
    settings: {
      section: 'Unregistered trackers',
      registerUnknown: 'Register unknown devices automatically',
      registerUnknownHelp:
        'A tracker whose identifier is not registered becomes a device named after its identifier, instead of waiting in the list of devices trying to connect.',
      defaultGroup: 'Group of the devices registered automatically',
      defaultGroupHelp: 'Empty: no group',
    },
  },
};

export default connectingDevicesEnUS;
