/** Messages of shared links: the share dialog, the shares page and the viewer mode. */
const sharesEnUS = {
  shares: {
    title: 'Shared links',
    menu: 'Shared links',
    create: 'Create link',
    name: 'Name',
    expiration: 'Valid for',
    preset30m: '30 minutes',
    preset1h: '1 hour',
    preset1d: '1 day',
    preset7d: '7 days',
    custom: 'Custom',
    customTime: 'Expires at',
    allowCommands: 'Allow commands',
    link: 'Link',
    copy: 'Copy link',
    copied: 'Link copied',
    send: 'Send…',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke the link "%{name}"? Whoever has it loses access at once.',
    revoked: 'Link revoked',
    created: 'Link created',
    empty: 'No active links',
    existing: 'Active links',
    device: 'Device',
    expires: 'Expires',
    failed: 'The shared link could not be saved: %{error}',
    opening: 'Opening the shared link…',
    expiresIn: 'Expires in %{time}',
    days: '%{count} d %{hours} h',
    hours: '%{count} h %{minutes} min',
    minutes: '%{count} min %{seconds} s',
    seconds: '%{count} s',
    expired: 'Your session has expired!',
    ok: 'OK',
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type SharesMessages = Strings<typeof sharesEnUS>;

export default sharesEnUS;
