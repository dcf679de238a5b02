/** User attributes with inputs of their own (billing, address and reseller). */
export const BILLING_KEYS = {
  toggles: ['tarkan.enableBilling', 'tarkan.billingTrustUnlock', 'tarkan.billingSuspension'],
  text: ['tarkan.billingCpfCnpj', 'tarkan.billingDescription'],
  numbers: [
    'tarkan.billingTrustUnlockDays',
    'tarkan.billingSuspensionDays',
    'tarkan.billingDate',
    'tarkan.billingPrice',
    'tarkan.billingFine',
    'tarkan.billingInterest',
    'tarkan.billingDisccount',
    'tarkan.billingDisccountDays',
  ],
  modes: ['tarkan.billingFineMode', 'tarkan.billingDisccountMode'],
} as const;

export const ADDRESS_KEYS = [
  'tarkan.address',
  'tarkan.addressNumber',
  'tarkan.addressComplement',
  'tarkan.district',
  'tarkan.city',
  'tarkan.state',
  'tarkan.postalCode',
  'tarkan.contactEmail',
  'tarkan.contactPhone',
] as const;

export const RESELLER_KEYS = {
  toggles: ['tarkan.reseller', 'tarkan.subReseller'],
  text: ['tarkan.domainReseller'],
  numbers: ['tarkan.limitReseller'],
} as const;

const PREFERENCE_KEYS = ['tarkan.lang', 'language'] as const;

export const RESERVED_USER_KEYS: string[] = [
  ...Object.values(BILLING_KEYS).flat(),
  ...ADDRESS_KEYS,
  ...Object.values(RESELLER_KEYS).flat(),
  ...PREFERENCE_KEYS,
  'tarkan.advancedPerms',
  'isShared',
];

/** `tarkan.billingPrice` → `resources.users.fields.billingPrice`. */
export const userAttributeLabel = (key: string) =>
  `resources.users.fields.${key.replace(/^tarkan\./, '')}`;
