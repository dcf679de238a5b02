import type { User } from '../../model/user';
import { getJson } from './http';

interface VehicleSummary {
  id: number;
  name: string;
  plate: string | null;
}

/** `GET /tarkan/qr-driver`: the signed-in driver and their current vehicle. */
export interface DriverStatus {
  user: User;
  driverName: string;
  device: VehicleSummary | null;
  since: string | null;
}

/** The QR driver's check-in (`docs/qr-driver.md`). */
export const qrDriverMethods = {
  getDriverStatus: (): Promise<DriverStatus> => getJson<DriverStatus>('/tarkan/qr-driver'),

  getDriverVehicle: (id: number): Promise<VehicleSummary> =>
    getJson<VehicleSummary>(`/tarkan/qr-driver/devices/${id}`),

  /** `POST /tarkan/qr-driver {id}`; 0 checks out. Answers the updated user. */
  driverCheckIn: (id: number): Promise<User> =>
    getJson<User>('/tarkan/qr-driver', { method: 'POST', json: { id } }),
};
