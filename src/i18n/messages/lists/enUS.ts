/** The management lists: their table, the actions on selected rows, deleting. */
const listsEnUS = {
  lists: {
    region: 'Table of %{name}',
    selectRow: 'Select %{name}',
    bulk: {
      selectAll: 'Select all %{smart_count}',
      toolbar: 'Actions on the selected rows',
      apply: 'Apply',
      link: 'Link',
      unlink: 'Unlink',
      linkAction: {
        geofence: 'Link geofence',
        notifications: 'Link notification',
        groups: 'Link group',
      },
      linkTitle: {
        geofence: 'Geofence for %{items}',
        notifications: 'Notification for %{items}',
        groups: 'Group for %{items}',
      },
      linked: 'Linked to %{items}: %{name}',
      unlinked: 'Unlinked from %{items}: %{name}',
      groupAction: 'Change group',
      groupTitle: 'Group of %{items}',
      noGroup: 'No group',
      grouped: 'Now in group %{group}: %{items}',
      ungrouped: 'Now without a group: %{items}',
      enable: 'Enable',
      disable: 'Disable',
      enabledDone: '%{items} enabled |||| %{items} enabled',
      disabledDone: '%{items} disabled |||| %{items} disabled',
      notSelfDisable: 'Your own account cannot be disabled here: unselect it first.',
      notSelfDelete: 'Your own account cannot be deleted here: unselect it first.',
      command: {
        action: 'Send command',
        title: 'Saved command for %{items}',
        none: 'There is no saved command to send.',
        send: 'Send',
        result: '%{command}: %{outcome}',
        sent: 'received now by %{smart_count}',
        queued:
          'queued for %{smart_count} until it connects |||| queued for %{smart_count} until they connect',
        failed: 'failed for %{smart_count} (%{reason})',
      },
    },
    delete: {
      more: 'and %{smart_count} more',
      question: {
        'device-admin':
          'Delete the device %{name}? |||| Delete the %{smart_count} selected devices?',
        groups: 'Delete the group %{name}? |||| Delete the %{smart_count} selected groups?',
        users: 'Delete the user %{name}? |||| Delete the %{smart_count} selected users?',
        calendars:
          'Delete the calendar %{name}? |||| Delete the %{smart_count} selected calendars?',
      },
      consequence: {
        'device-admin':
          'Its positions and events go with it and cannot be recovered. |||| Their positions and events go with them and cannot be recovered.',
        deviceKept:
          'It leaves every list and loses its links to users and group; its history stays on the server. |||| They leave every list and lose their links to users and groups; their history stays on the server.',
        groups:
          'Its devices and sub-groups are left without a group, and whoever saw devices through it no longer does. |||| Their devices and sub-groups are left without a group, and whoever saw devices through them no longer does.',
        users:
          'Their links, sessions, shares and invoices go with them. |||| Their links, sessions, shares and invoices go with them.',
        calendars:
          'The scheduled reports that run on it are deleted too. |||| The scheduled reports that run on them are deleted too.',
      },
      done: {
        'device-admin': 'Device %{name} deleted |||| %{smart_count} devices deleted',
        groups: 'Group %{name} deleted |||| %{smart_count} groups deleted',
        geofence: 'Geofence %{name} deleted |||| %{smart_count} geofences deleted',
        commands: 'Saved command %{name} deleted |||| %{smart_count} saved commands deleted',
        notifications: 'Notification %{name} deleted |||| %{smart_count} notifications deleted',
        events: 'Event %{name} deleted |||| %{smart_count} events deleted',
        drivers: 'Driver %{name} deleted |||| %{smart_count} drivers deleted',
        calendars: 'Calendar %{name} deleted |||| %{smart_count} calendars deleted',
        maintenances: 'Maintenance %{name} deleted |||| %{smart_count} maintenance items deleted',
        computed:
          'Computed attribute %{name} deleted |||| %{smart_count} computed attributes deleted',
        users: 'User %{name} deleted |||| %{smart_count} users deleted',
        'scheduled-reports':
          'Scheduled report %{name} deleted |||| %{smart_count} scheduled reports deleted',
      },
    },
  },
};

export default listsEnUS;
