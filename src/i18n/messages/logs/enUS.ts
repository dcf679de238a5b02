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
    /** Actions with a wording of their own; the rest read "<entity> <action>" below. */
    codes: {
      command: {
        send: 'Command sent',
      },
      device: {
        accumulators: 'Device odometer/hours updated',
      },
      notification: {
        test: 'Notification test',
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
        impersonate: 'Signed in as another user',
        impersonationEnd: 'Went back to their own account',
        logout: 'Signed out',
        token: 'API token generated',
      },
    },
    /** Entity names, as the subject of an action and in "<entity> #<id>". */
    entities: {
      attribute: 'Computed attribute',
      calendar: 'Calendar',
      command: 'Saved command',
      device: 'Device',
      driver: 'Driver',
      geofence: 'Geofence',
      group: 'Group',
      maintenance: 'Maintenance',
      notification: 'Notification',
      user: 'User',
      server: 'Server',
      share: 'Share',
      theme: 'Theme',
      permission: 'Permission',
      position: 'Position',
      event: 'Event',
      order: 'Order',
    },
    /** Grammatical gender of each entity name (m, f), for the actions below. */
    genders: {
      attribute: 'm',
      calendar: 'm',
      command: 'm',
      device: 'm',
      driver: 'm',
      geofence: 'm',
      group: 'm',
      maintenance: 'm',
      notification: 'm',
      user: 'm',
      server: 'm',
      share: 'm',
      theme: 'm',
      permission: 'm',
      position: 'm',
      event: 'm',
      order: 'm',
    },
    /** "<entity> created" by the entity's gender (m, f). */
    actions: {
      create: { m: '%{entity} created', f: '%{entity} created' },
      delete: { m: '%{entity} deleted', f: '%{entity} deleted' },
      update: { m: '%{entity} updated', f: '%{entity} updated' },
    },
  },
};

export default logsEnUS;
