// What other features may use of connectingDevices/: the table of ports a tracker reports to
// (the first-tracker card over an empty map) and the hint that trackers are waiting to be added
// (the device list).
export { DevicePortsTable } from './DevicePortsTable';
export { ConnectingDevicesHint } from './ConnectingDevicesHint';
