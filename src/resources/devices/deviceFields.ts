/**
 * Device attributes with inputs of their own (Tarkan's attribute keys where Tarkan has one).
 * Everything else is in the free attributes tab.
 */
export const SIM_KEYS = [
  'iccid',
  'operator',
  'apn',
  'simValue',
  'simActivation',
  'simValidity',
] as const;

export const VEHICLE_KEYS = [
  'placa',
  'brand',
  'color',
  'vin',
  'chassis',
  'engineNumber',
  'manufactureDate',
  'speedLimit',
  'fuelPer100Km',
  'fuelPrice',
  'currency',
  'observations',
] as const;

export const OWNER_KEYS = ['tarkan.name', 'tarkan.email'] as const;

export const INSTALLATION_KEYS = [
  'installCompany',
  'installer',
  'installPhone',
  'installEmail',
  'installDate',
  'installAddress',
  'installObservation',
] as const;

const TINT_KEYS = ['tarkan.color', 'tarkan.color_extra'] as const;

/** Date-valued attributes, edited with a date picker. */
export const DATE_KEYS = new Set<string>([
  'simActivation',
  'simValidity',
  'manufactureDate',
  'installDate',
]);

/** Number-valued attributes. */
export const NUMBER_KEYS = new Set<string>(['simValue', 'fuelPer100Km', 'fuelPrice']);

/** Speeds, stored in knots and edited in the user's unit. */
export const SPEED_KEYS = new Set<string>(['speedLimit']);

export const RESERVED_DEVICE_KEYS = [
  ...SIM_KEYS,
  ...VEHICLE_KEYS,
  ...OWNER_KEYS,
  ...INSTALLATION_KEYS,
  ...TINT_KEYS,
  // Set by the photo tab only: the name of a file the server stored.
  'deviceImage',
];

/** The label key of a device attribute: `tarkan.name` → `...fields.attributes.tarkanName`. */
export const attributeLabel = (key: string) =>
  `resources.device-admin.fields.attributes.${key.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}`;
