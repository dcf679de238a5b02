import { getJson } from '../dataProvider/http';
import type { User } from '../../model/user';

export interface VehicleSummary {
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

/** `/motorista` signs in as `qrcode-{username}` (Tarkan's convention). */
export const driverLogin = (username: string) => `qrcode-${username.trim()}`;

export const fetchDriverStatus = () => getJson<DriverStatus>('/tarkan/qr-driver');

export const fetchVehicle = (id: number) =>
  getJson<VehicleSummary>(`/tarkan/qr-driver/devices/${id}`);

/** `POST /tarkan/qr-driver {id}`; 0 checks out. Answers the updated user. */
export const postCheckIn = (id: number) =>
  getJson<User>('/tarkan/qr-driver', { method: 'POST', json: { id } });
