import type { DriverStatus, DriverVehicle } from '../../model/qrDriver';
import type { User } from '../../model/user';
import { getJson } from './http';

/** The QR driver's check-in (`docs/qr-driver.md`). */
export const qrDriverMethods = {
  getDriverStatus: (): Promise<DriverStatus> => getJson<DriverStatus>('/tarkan/qr-driver'),

  getDriverVehicle: (id: number): Promise<DriverVehicle> =>
    getJson<DriverVehicle>(`/tarkan/qr-driver/devices/${id}`),

  /** `POST /tarkan/qr-driver {id}`; 0 checks out. Answers the updated user. */
  driverCheckIn: (id: number): Promise<User> =>
    getJson<User>('/tarkan/qr-driver', { method: 'POST', json: { id } }),
};
