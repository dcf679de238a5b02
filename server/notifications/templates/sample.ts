import type { EventType } from '../../../model/event';
import type { Language } from '../../../model/language';
import type { EventFacts } from './compose';
import { knotsFromKmh } from '../../../model/units';

/** Names a sample event uses in each language, so a preview reads as a real notification. */
const NAMES: Record<Language, { device: string; geofence: string; maintenance: string }> = {
  'pt-BR': { device: 'Caminhão 1', geofence: 'Depósito', maintenance: 'Troca de óleo' },
  'es-ES': { device: 'Camión 1', geofence: 'Depósito', maintenance: 'Cambio de aceite' },
  'en-US': { device: 'Truck 1', geofence: 'Depot', maintenance: 'Oil change' },
};

/** 100 km/h and a limit of 80 km/h, in knots as events carry them. */
const SPEED_KNOTS = knotsFromKmh(100);
const LIMIT_KNOTS = knotsFromKmh(80);

/**
 * A made-up event of `type` for the template editor's preview: every value a template may name
 * is set (the geofence, the alarm, the speeds, the address…), so the preview shows each
 * placeholder filled. Nothing is stored or sent.
 */
export function sampleFacts(type: EventType, language: Language, time: number): EventFacts {
  const names = NAMES[language];
  return {
    type,
    eventTime: time,
    deviceId: 1,
    attributes: {
      alarm: 'sos',
      speed: SPEED_KNOTS,
      speedLimit: LIMIT_KNOTS,
      driverUniqueId: 'M-0042',
      result: 'OK',
    },
    deviceName: names.device,
    geofenceName: names.geofence,
    maintenanceName: names.maintenance,
    position: {
      latitude: -23.561414,
      longitude: -46.655881,
      speed: SPEED_KNOTS,
      address: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
    },
  };
}
