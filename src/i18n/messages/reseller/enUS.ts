/** Messages of the reseller screen. */
const resellerEnUS = {
  reseller: {
    title: 'Reseller',
    domain: 'Domain',
    noDomain: 'No domain set',
    usage: 'Users: %{used} of %{limit}',
    unlimited: 'unlimited',
    users: 'Your users',
    empty: 'No users yet',
    subReseller: 'Sub-reseller',
    create: 'New user',
    editBrand: 'Edit my brand',
    created: 'User created',
    form: {
      name: 'Name',
      email: 'E-mail',
      password: 'Password',
      makeReseller: 'Sub-reseller',
      domain: 'Sub-reseller domain',
      limit: 'Sub-reseller user limit',
      save: 'Create',
      cancel: 'Cancel',
    },
    errors: {
      accessRequired: 'Only resellers can do this.',
      adminOnlySettings: 'Only an administrator can change reseller settings.',
      subLimitTooHigh: 'The sub-reseller limit exceeds your remaining user limit.',
      userLimitReached: 'You have reached your reseller user limit.',
      domainInUse: 'This reseller domain is already in use.',
      mainDomain: "This is the main site's own domain: a reseller cannot use it.",
      invalidDomain: 'Invalid reseller domain.',
      invalidLimit: 'Invalid reseller user limit.',
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type ResellerMessages = Strings<typeof resellerEnUS>;

export default resellerEnUS;
