/** Messages of the QR driver screens and of autolink. */
const driverEnUS = {
  driver: {
    title: 'Driver check-in',
    hello: 'Hello, %{name}',
    current: 'Checked in to',
    since: 'Since %{time}',
    none: 'You are not checked in to any vehicle.',
    scan: 'Scan vehicle QR code',
    checkOut: 'Check out',
    checkedOut: 'You checked out of the vehicle.',
    logout: 'Sign out',
    scanning: 'Point the camera at the QR code on the vehicle.',
    cancel: 'Cancel',
    notVehicleQr: 'This is not a vehicle QR code of this site.',
    cameraError: 'The camera could not be opened. Allow camera access and try again.',
    confirmTitle: 'Check in to this vehicle?',
    confirm: 'Check in',
    checkedIn: 'You are checked in to %{name}.',
    back: 'Back',
    onlyDrivers: 'This screen is for drivers only.',
    goHome: 'Go to the map',
    errors: {
      notAllowed: 'You may not use this vehicle.',
      failed: 'The check-in could not be completed.',
    },
  },
  autolink: {
    title: 'Add device',
    menu: 'Add by identifier',
    imei: 'Identifier (IMEI)',
    plate: 'Plate',
    model: 'Model',
    category: 'Category',
    submit: 'Add',
    success: 'Device added to your account.',
    errors: {
      owned: 'This device is already registered to another account.',
      limit: 'You have reached your device limit.',
      imei: 'Enter the device identifier (letters, digits, . _ :).',
      denied: 'You may not add devices.',
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type DriverMessages = Strings<typeof driverEnUS>;

export default driverEnUS;
