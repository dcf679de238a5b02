import type { SheetName } from './access';
import type { Language } from './preferences';

/**
 * Texts of the report spreadsheets in the product's three languages. Event and alarm names are
 * not here: the sheets use the screens' own (model/vocabulary).
 */

export type ColumnKey =
  | 'device'
  | 'time'
  | 'startTime'
  | 'endTime'
  | 'latitude'
  | 'longitude'
  | 'speed'
  | 'course'
  | 'altitude'
  | 'address'
  | 'startAddress'
  | 'endAddress'
  | 'ignition'
  | 'odometer'
  | 'startOdometer'
  | 'endOdometer'
  | 'distance'
  | 'duration'
  | 'averageSpeed'
  | 'maxSpeed'
  | 'engineHours'
  | 'spentFuel'
  | 'driver'
  | 'type'
  | 'details'
  | 'geofence'
  | 'name'
  | 'identifier'
  | 'group'
  | 'phone'
  | 'model'
  | 'contact'
  | 'category'
  | 'status'
  | 'lastUpdate';

interface Texts {
  columns: Record<ColumnKey, string>;
  sheets: Record<SheetName, string>;
  files: Record<SheetName, string>;
  /** The mail that carries a report spreadsheet. */
  mail: { subject: string; body: string };
  statuses: Record<string, string>;
  yes: string;
  no: string;
}

const PT: Texts = {
  columns: {
    device: 'Dispositivo',
    time: 'Data/hora',
    startTime: 'Início',
    endTime: 'Fim',
    latitude: 'Latitude',
    longitude: 'Longitude',
    speed: 'Velocidade',
    course: 'Direção (°)',
    altitude: 'Altitude (m)',
    address: 'Endereço',
    startAddress: 'Endereço inicial',
    endAddress: 'Endereço final',
    ignition: 'Ignição',
    odometer: 'Odômetro',
    startOdometer: 'Odômetro inicial',
    endOdometer: 'Odômetro final',
    distance: 'Distância',
    duration: 'Duração',
    averageSpeed: 'Velocidade média',
    maxSpeed: 'Velocidade máxima',
    engineHours: 'Horas de motor',
    spentFuel: 'Combustível gasto (l)',
    driver: 'Motorista',
    type: 'Tipo',
    details: 'Detalhes',
    geofence: 'Cerca',
    name: 'Nome',
    identifier: 'Identificador',
    group: 'Grupo',
    phone: 'Telefone',
    model: 'Modelo',
    contact: 'Contato',
    category: 'Categoria',
    status: 'Status',
    lastUpdate: 'Última atualização',
  },
  sheets: {
    route: 'Histórico',
    events: 'Eventos',
    trips: 'Viagens',
    stops: 'Paradas',
    summary: 'Resumo',
    geofences: 'Cercas',
    devices: 'Dispositivos',
  },
  files: {
    route: 'historico',
    events: 'eventos',
    trips: 'viagens',
    stops: 'paradas',
    summary: 'resumo',
    geofences: 'cercas',
    devices: 'dispositivos',
  },
  mail: { subject: 'Relatório', body: 'O relatório está no anexo.' },
  statuses: { online: 'Online', offline: 'Offline', unknown: 'Desconhecido' },
  yes: 'Sim',
  no: 'Não',
};

const ES: Texts = {
  columns: {
    device: 'Dispositivo',
    time: 'Fecha/hora',
    startTime: 'Inicio',
    endTime: 'Fin',
    latitude: 'Latitud',
    longitude: 'Longitud',
    speed: 'Velocidad',
    course: 'Rumbo (°)',
    altitude: 'Altitud (m)',
    address: 'Dirección',
    startAddress: 'Dirección inicial',
    endAddress: 'Dirección final',
    ignition: 'Encendido',
    odometer: 'Odómetro',
    startOdometer: 'Odómetro inicial',
    endOdometer: 'Odómetro final',
    distance: 'Distancia',
    duration: 'Duración',
    averageSpeed: 'Velocidad media',
    maxSpeed: 'Velocidad máxima',
    engineHours: 'Horas de motor',
    spentFuel: 'Combustible gastado (l)',
    driver: 'Conductor',
    type: 'Tipo',
    details: 'Detalles',
    geofence: 'Geocerca',
    name: 'Nombre',
    identifier: 'Identificador',
    group: 'Grupo',
    phone: 'Teléfono',
    model: 'Modelo',
    contact: 'Contacto',
    category: 'Categoría',
    status: 'Estado',
    lastUpdate: 'Última actualización',
  },
  sheets: {
    route: 'Historial',
    events: 'Eventos',
    trips: 'Viajes',
    stops: 'Paradas',
    summary: 'Resumen',
    geofences: 'Geocercas',
    devices: 'Dispositivos',
  },
  files: {
    route: 'historial',
    events: 'eventos',
    trips: 'viajes',
    stops: 'paradas',
    summary: 'resumen',
    geofences: 'geocercas',
    devices: 'dispositivos',
  },
  mail: { subject: 'Informe', body: 'El informe está en el adjunto.' },
  statuses: { online: 'En línea', offline: 'Fuera de línea', unknown: 'Desconocido' },
  yes: 'Sí',
  no: 'No',
};

const EN: Texts = {
  columns: {
    device: 'Device',
    time: 'Time',
    startTime: 'Start',
    endTime: 'End',
    latitude: 'Latitude',
    longitude: 'Longitude',
    speed: 'Speed',
    course: 'Course (°)',
    altitude: 'Altitude (m)',
    address: 'Address',
    startAddress: 'Start address',
    endAddress: 'End address',
    ignition: 'Ignition',
    odometer: 'Odometer',
    startOdometer: 'Start odometer',
    endOdometer: 'End odometer',
    distance: 'Distance',
    duration: 'Duration',
    averageSpeed: 'Average speed',
    maxSpeed: 'Max speed',
    engineHours: 'Engine hours',
    spentFuel: 'Spent fuel (l)',
    driver: 'Driver',
    type: 'Type',
    details: 'Details',
    geofence: 'Geofence',
    name: 'Name',
    identifier: 'Identifier',
    group: 'Group',
    phone: 'Phone',
    model: 'Model',
    contact: 'Contact',
    category: 'Category',
    status: 'Status',
    lastUpdate: 'Last update',
  },
  sheets: {
    route: 'Route',
    events: 'Events',
    trips: 'Trips',
    stops: 'Stops',
    summary: 'Summary',
    geofences: 'Geofences',
    devices: 'Devices',
  },
  files: {
    route: 'route',
    events: 'events',
    trips: 'trips',
    stops: 'stops',
    summary: 'summary',
    geofences: 'geofences',
    devices: 'devices',
  },
  mail: { subject: 'Report', body: 'The report is in the attachment.' },
  statuses: { online: 'Online', offline: 'Offline', unknown: 'Unknown' },
  yes: 'Yes',
  no: 'No',
};

export const TEXTS: Record<Language, Texts> = { 'pt-BR': PT, 'es-ES': ES, 'en-US': EN };
