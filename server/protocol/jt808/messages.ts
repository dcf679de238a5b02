/** JT808 message ids: terminal to platform (0x0…, plus vendors' own), and platform to terminal (0x8…). */
export const MSG = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  parametersAnswer: 0x0104,
  attributes: 0x0107,
  timeSyncRequest: 0x0109,
  location: 0x0200,
  locationAnswer: 0x0201,
  vehicleControlAnswer: 0x0500,
  /** A vendor's heartbeat. */
  heartbeat2: 0x0506,
  /** Electronic waybill in the standard; some trackers answer commands with it as text. */
  commandAnswer: 0x0701,
  driverIdentity: 0x0702,
  locationBatch: 0x0704,
  /** A vendor's batch (one-byte record lengths), or, 7 bytes long, its battery and time. */
  locationBatch2: 0x0210,
  transparent: 0x0900,
  /** A vendor's time zone report. */
  timezoneSync: 0x1007,
  /** A vendor's command answer in UTF-16 text. */
  textAnswer: 0x1300,
  /** A vendor's accelerometer samples. */
  acceleration: 0x2070,
  /** A vendor's text report (the answer to a text command). */
  textReport: 0x6006,
  /** A vendor's photo notice. */
  photo: 0x8888,

  platformResponse: 0x8001,
  registerResponse: 0x8100,
  setParameters: 0x8103,
  terminalControl: 0x8105,
  timeSyncResponse: 0x8109,
  locationQuery: 0x8201,
  textMessage: 0x8300,
  vehicleControl: 0x8500,
  transparentDown: 0x8900,
  /** A vendor's parameter setting, used for arming and disarming. */
  vendorParameters: 0x0310,
  /** A vendor's oil (engine) control. */
  oilControl: 0xa006,
} as const;

/** What a platform message is, for a command's answer (`terminal control: success`). */
export const PLATFORM_MESSAGE_NAMES: Readonly<Record<number, string>> = {
  [MSG.setParameters]: 'set parameters',
  [MSG.terminalControl]: 'terminal control',
  [MSG.locationQuery]: 'location query',
  [MSG.textMessage]: 'text message',
  [MSG.vehicleControl]: 'vehicle control',
  [MSG.transparentDown]: 'transparent data',
  [MSG.vendorParameters]: 'parameters',
  [MSG.oilControl]: 'oil control',
};

/** The result byte of a general response. */
export const RESULT_TEXT: readonly string[] = [
  'success',
  'failure',
  'message error',
  'not supported',
  'alarm confirmed',
];
