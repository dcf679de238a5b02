import type { EventType } from '../../../model/event';
import type { Language } from '../../../model/language';

/**
 * The product's own notification texts, per language: what every template says until an
 * administrator edits it (and again after a reset). Subjects are short lines naming the device
 * and what happened; bodies add when, and the values the event carries.
 */

export interface TemplateText {
  subject: string;
  body: string;
}

type Subjects = Record<EventType, string>;

const PT: Subjects = {
  scheduled: '{event}: {device}',
  commandResult: 'Resultado de comando de {device}: {result}',
  deviceOnline: '{device} está online',
  deviceUnknown: 'Status de {device} desconhecido',
  deviceOffline: '{device} está offline',
  deviceInactive: '{device} está inativo',
  queuedCommandSent: 'Comando enfileirado enviado a {device}',
  deviceMoving: '{device} está em movimento',
  deviceStopped: '{device} parou',
  deviceOverspeed: '{device} excedeu o limite de velocidade: {speed}',
  deviceFuelDrop: 'Queda de combustível em {device}',
  deviceFuelIncrease: 'Aumento de combustível em {device}',
  geofenceEnter: '{device} entrou em {geofence}',
  geofenceExit: '{device} saiu de {geofence}',
  geofenceCrossed: '{device} cruzou {geofence}',
  proximityEnter: '{device} entrou em proximidade',
  proximityExit: '{device} saiu de proximidade',
  unaccompaniedMotion: 'Movimento desacompanhado de {device}',
  alarm: '{device}: {alarm}',
  ignitionOn: 'Ignição ligada em {device}',
  ignitionOff: 'Ignição desligada em {device}',
  maintenance: 'Manutenção necessária em {device}: {maintenance}',
  driverChanged: 'Motorista de {device} alterado: {driver}',
  media: 'Mídia recebida de {device}',
};

const ES: Subjects = {
  scheduled: '{event}: {device}',
  commandResult: 'Resultado del comando de {device}: {result}',
  deviceOnline: '{device} está en línea',
  deviceUnknown: 'Estado de {device} desconocido',
  deviceOffline: '{device} está desconectado',
  deviceInactive: '{device} está inactivo',
  queuedCommandSent: 'Comando en cola enviado a {device}',
  deviceMoving: '{device} está en movimiento',
  deviceStopped: '{device} se detuvo',
  deviceOverspeed: '{device} superó el límite de velocidad: {speed}',
  deviceFuelDrop: 'Caída de combustible en {device}',
  deviceFuelIncrease: 'Aumento de combustible en {device}',
  geofenceEnter: '{device} entró en {geofence}',
  geofenceExit: '{device} salió de {geofence}',
  geofenceCrossed: '{device} cruzó {geofence}',
  proximityEnter: '{device} entró en proximidad',
  proximityExit: '{device} salió de proximidad',
  unaccompaniedMotion: 'Movimiento no acompañado de {device}',
  alarm: '{device}: {alarm}',
  ignitionOn: 'Encendido activado en {device}',
  ignitionOff: 'Encendido apagado en {device}',
  maintenance: 'Mantenimiento necesario en {device}: {maintenance}',
  driverChanged: 'Conductor de {device} cambiado: {driver}',
  media: 'Multimedia recibida de {device}',
};

const EN: Subjects = {
  scheduled: '{event}: {device}',
  commandResult: 'Command result from {device}: {result}',
  deviceOnline: '{device} is online',
  deviceUnknown: '{device} status is unknown',
  deviceOffline: '{device} is offline',
  deviceInactive: '{device} is inactive',
  queuedCommandSent: 'Queued command sent to {device}',
  deviceMoving: '{device} is moving',
  deviceStopped: '{device} has stopped',
  deviceOverspeed: '{device} exceeded the speed limit: {speed}',
  deviceFuelDrop: 'Fuel drop on {device}',
  deviceFuelIncrease: 'Fuel increase on {device}',
  geofenceEnter: '{device} has entered {geofence}',
  geofenceExit: '{device} has left {geofence}',
  geofenceCrossed: '{device} has crossed {geofence}',
  proximityEnter: '{device} entered proximity',
  proximityExit: '{device} left proximity',
  unaccompaniedMotion: 'Unaccompanied motion of {device}',
  alarm: '{device}: {alarm}',
  ignitionOn: 'Ignition on for {device}',
  ignitionOff: 'Ignition off for {device}',
  maintenance: 'Maintenance required for {device}: {maintenance}',
  driverChanged: 'Driver of {device} changed: {driver}',
  media: 'Media received from {device}',
};

const SUBJECTS: Record<Language, Subjects> = { 'pt-BR': PT, 'es-ES': ES, 'en-US': EN };

/** How each language says "at <time>" after a sentence, and the overspeed's limit. */
const WHEN: Record<Language, { at: string; limit: string }> = {
  'pt-BR': { at: 'em {time}', limit: 'limite de {speedLimit}' },
  'es-ES': { at: 'el {time}', limit: 'límite de {speedLimit}' },
  'en-US': { at: 'at {time}', limit: 'limit {speedLimit}' },
};

/** The default subject and body of an event type in a language. */
export function defaultTemplate(type: EventType, language: Language): TemplateText {
  const subject = SUBJECTS[language][type];
  const { at, limit } = WHEN[language];
  const body = type === 'deviceOverspeed' ? `${subject} (${limit}) ${at}.` : `${subject} ${at}.`;
  return { subject, body };
}
