import type { SavedCommand } from '../../dataProvider/commands';

export type NativeCommand = 'engineStop' | 'engineResume';

/** A saved command standing in for a native action (`tarkan.changeNative`). */
export const nativeStandIn = (commands: readonly SavedCommand[], type: NativeCommand) =>
  commands.find((command) => command.attributes?.['tarkan.changeNative'] === type);

/** The saved commands a device accepts, shared by the command dialog and lock/unlock. */
export const savedCommandsQuery = (deviceId: number) => ['commands', 'saved', deviceId];

/** The command types a device's protocol takes (`GET /api/commands/types?deviceId=`). */
export const commandTypesQuery = (deviceId: number) => ['commands', 'types', deviceId];
