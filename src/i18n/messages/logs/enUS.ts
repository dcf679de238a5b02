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
      attribute: {
        test: 'Computed attribute tested',
      },
      command: {
        send: 'Command sent',
      },
      device: {
        accumulators: 'Device odometer/hours updated',
        connecting: 'Connecting device dismissed',
        image: 'Device image uploaded',
      },
      integration: {
        create: 'Integration set up',
      },
      invoice: {
        lockUser: 'User locked for billing',
        unlockUser: 'User unlocked from billing',
        save: 'Invoice saved',
        setAsReceivedCash: 'Invoice received in cash',
        unlock: 'Trust unlock',
        webhook: 'Payment notice received',
        manager: 'Invoice changed by the manager',
      },
      notification: {
        send: 'Announcement sent',
        test: 'Notification test',
      },
      'notification-template': {
        delete: 'Notification template reset',
      },
      password: {
        reset: 'Password reset requested',
        update: 'Password reset',
      },
      permission: {
        link: 'Permission linked',
        unlink: 'Permission unlinked',
      },
      'qr-driver': {
        create: 'Vehicle taken by QR code',
      },
      server: {
        file: 'Server file uploaded',
        update: 'Server settings updated',
      },
      session: {
        login: 'Signed in',
        loginFailed: 'Failed sign-in',
        impersonate: 'Signed in as another user',
        impersonationEnd: 'Went back to their own account',
        logout: 'Signed out',
        password: 'Password recovery requested',
        token: 'API token generated',
        revoke: 'API token revoked',
      },
      share: {
        device: 'Device share link created',
        group: 'Group share link created',
        session: 'Shared link opened',
      },
      theme: {
        upload: 'Theme image uploaded',
      },
      user: {
        totp: 'Two-step verification key generated',
      },
    },
    /** The same actions when the server refused them (the request changed nothing). */
    refusedCodes: {
      attribute: {
        test: 'Computed attribute test refused',
      },
      command: {
        send: 'Command sending refused',
      },
      device: {
        accumulators: 'Odometer/hours update refused',
        connecting: 'Connecting device dismissal refused',
        image: 'Device image upload refused',
      },
      integration: {
        create: 'Integration setup refused',
      },
      invoice: {
        lockUser: 'User lock for billing refused',
        unlockUser: 'User unlock refused',
        save: 'Invoice save refused',
        setAsReceivedCash: 'Cash receipt of invoice refused',
        unlock: 'Trust unlock refused',
        webhook: 'Payment notice refused',
        manager: 'Invoice change by the manager refused',
      },
      notification: {
        send: 'Announcement sending refused',
        test: 'Notification test refused',
      },
      'notification-template': {
        delete: 'Notification template reset refused',
      },
      password: {
        reset: 'Password reset request refused',
        update: 'Password reset refused',
      },
      permission: {
        link: 'Permission link refused',
        unlink: 'Permission unlink refused',
      },
      'qr-driver': {
        create: 'Vehicle by QR code refused',
      },
      server: {
        file: 'Server file upload refused',
        update: 'Server settings update refused',
      },
      session: {
        login: 'Sign-in refused',
        loginFailed: 'Failed sign-in',
        impersonate: 'Sign-in as another user refused',
        impersonationEnd: 'Return to their own account refused',
        logout: 'Sign-out refused',
        password: 'Password recovery refused',
        token: 'API token generation refused',
        revoke: 'API token revocation refused',
      },
      share: {
        device: 'Device share link creation refused',
        group: 'Group share link creation refused',
        session: 'Shared link opening refused',
      },
      theme: {
        upload: 'Theme image upload refused',
      },
      user: {
        totp: 'Two-step verification key generation refused',
      },
    },
    /** Entity names, as the subject of an action and in "<entity> #<id>". */
    entities: {
      attribute: 'Computed attribute',
      autolink: 'Automatic link',
      calendar: 'Calendar',
      command: 'Saved command',
      device: 'Device',
      driver: 'Driver',
      geofence: 'Geofence',
      group: 'Group',
      integration: 'Integration',
      invoice: 'Invoice',
      maintenance: 'Maintenance',
      notification: 'Notification',
      'notification-template': 'Notification template',
      report: 'Scheduled report',
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
      autolink: 'm',
      calendar: 'm',
      command: 'm',
      device: 'm',
      driver: 'm',
      geofence: 'm',
      group: 'm',
      integration: 'm',
      invoice: 'm',
      maintenance: 'm',
      notification: 'm',
      'notification-template': 'm',
      report: 'm',
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
    /** A refused create, update or delete: what was tried, and that it was refused. */
    refusedActions: {
      create: 'Refused: %{entityLower} creation',
      update: 'Refused: %{entityLower} update',
      delete: 'Refused: %{entityLower} deletion',
    },
    /** The result column: whether the request did what it asked, and its HTTP status. */
    results: {
      ok: 'Done',
      refused: 'Refused',
    },
  },
};

export default logsEnUS;
