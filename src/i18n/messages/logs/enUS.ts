/** Audit logs; spread into the main catalogues. */
const logsEnUS = {
  logs: {
    title: 'Logs',
    titleFor: { users: 'Logs of user #%{id}', devices: 'Logs of device #%{id}' },
    button: 'Logs',
    search: 'Search (action, user, object, values)',
    total: '%{smart_count} record |||| %{smart_count} records',
    empty: 'No records',
    changes: 'Changes (old → new)',
    noChanges: 'No values recorded',
    command: 'Command',
    columns: {
      time: 'Time',
      user: 'User',
      ip: 'IP',
      action: 'Action',
      object: 'Object',
      result: 'Result',
    },
    codes: {
      attribute: {
        create: 'Computed attribute created',
        delete: 'Computed attribute deleted',
        update: 'Computed attribute updated',
      },
      calendar: {
        create: 'Calendar created',
        delete: 'Calendar deleted',
        update: 'Calendar updated',
      },
      command: {
        create: 'Saved command created',
        delete: 'Saved command deleted',
        send: 'Command sent',
        update: 'Saved command updated',
      },
      device: {
        accumulators: 'Device odometer/hours updated',
        create: 'Device created',
        delete: 'Device deleted',
        update: 'Device updated',
      },
      driver: {
        create: 'Driver created',
        delete: 'Driver deleted',
        update: 'Driver updated',
      },
      geofence: {
        create: 'Geofence created',
        delete: 'Geofence deleted',
        update: 'Geofence updated',
      },
      group: {
        create: 'Group created',
        delete: 'Group deleted',
        update: 'Group updated',
      },
      maintenance: {
        create: 'Maintenance created',
        delete: 'Maintenance deleted',
        update: 'Maintenance updated',
      },
      notification: {
        create: 'Notification created',
        delete: 'Notification deleted',
        test: 'Notification test',
        update: 'Notification updated',
      },
      permission: {
        link: 'Permission linked',
        unlink: 'Permission unlinked',
      },
      server: {
        update: 'Server settings updated',
      },
      session: {
        login: 'Signed in',
        loginFailed: 'Failed sign-in',
        logout: 'Signed out',
        token: 'API token generated',
      },
      user: {
        create: 'User created',
        delete: 'User deleted',
        update: 'User updated',
      },
    },
  },
};

export default logsEnUS;
