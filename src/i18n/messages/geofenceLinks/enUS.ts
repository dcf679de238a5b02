/** Which devices a geofence applies to, and the notification form's warning; spread into the main catalogues. */
const geofenceLinksEnUS = {
  geofenceLinks: {
    title: 'Applies to',
    intro:
      'A geofence only raises events for the devices it is linked to, directly or through a group.',
    all: 'All my devices (%{smart_count})',
    allNote:
      'Includes the devices you add or are given later: they raise this geofence’s events without being linked.',
    allSnapshot:
      'Each device is linked to this geofence; a device added later must be linked here again.',
    devices: 'Devices',
    groups: 'Groups',
    count: 'Applies to %{smart_count} device |||| Applies to %{smart_count} devices',
    none: 'Applies to no device: this geofence raises no enter or exit event.',
    loading: 'Loading devices and groups…',
    column: 'Devices',
    ruleAlways:
      'None of your devices has a linked geofence, so this rule never fires. Open the geofence and choose which devices it applies to.',
    ruleLinked:
      'The devices this rule covers have no linked geofence, so it never fires. Turn on "All devices" or link it to devices, and choose in the geofence which devices it applies to.',
    ruleFilter: 'None of the geofences this rule is limited to is linked to the devices it covers.',
  },
};

export default geofenceLinksEnUS;
