import type { User } from './user';

/** A vehicle as the QR driver's screen shows it. */
export interface DriverVehicle {
  id: number;
  name: string;
  plate: string | null;
}

/** `GET /tarkan/qr-driver`: the signed-in driver, their vehicle and since when (docs/qr-driver.md). */
export interface DriverStatus {
  user: User;
  driverName: string;
  device: DriverVehicle | null;
  since: string | null;
}
