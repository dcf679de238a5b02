/** `Command.TYPE_*`. */
export const COMMAND_TYPES = [
  'custom',
  'deviceIdentification',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'alarmDismiss',
  'setTimezone',
  'requestPhoto',
  'powerOff',
  'rebootDevice',
  'factoryReset',
  'sendSms',
  'sendUssd',
  'sosNumber',
  'silenceTime',
  'setPhonebook',
  'message',
  'voiceMessage',
  'outputControl',
  'voiceMonitoring',
  'setAgps',
  'setIndicator',
  'configuration',
  'getVersion',
  'firmwareUpdate',
  'setConnection',
  'setOdometer',
  'getModemStatus',
  'getDeviceStatus',
  'setSpeedLimit',
  'modePowerSaving',
  'modeDeepSleep',
  'videoStart',
  'videoStop',
  'alarmGeofence',
  'alarmBattery',
  'alarmSos',
  'alarmRemove',
  'alarmClock',
  'alarmSpeed',
  'alarmFall',
  'alarmVibration',
] as const;

export type CommandType = (typeof COMMAND_TYPES)[number];

/** A saved command (`/api/commands`); `deviceId` is not stored and reads as 0. */
export interface Command {
  id: number;
  deviceId: number;
  description: string | null;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

/** A command waiting for its device (`POST /api/commands/send` answers 202 with it). */
export interface QueuedCommand {
  id: number;
  deviceId: number;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}
