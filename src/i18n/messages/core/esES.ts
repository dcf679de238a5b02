import liveEsES from '../live/esES';
import type { CoreMessages } from './enUS';

const coreEsES: CoreMessages = {
  ...liveEsES,
  menu: {
    map: 'Mapa',
    devices: 'Dispositivos',
    language: 'Idioma',
    version: 'Versión %{version}',
    manageDevices: 'Gestionar flota',
    reports: 'Informes',
    geofence: 'Geocercas',
    commands: 'Comandos guardados',
    groups: 'Grupos',
    notifications: 'Notificaciones',
    account: 'Mi cuenta',
    logs: 'Registros',
    integrations: 'Integraciones',
    billing: 'Gestión de cobros',
    invoices: 'Mis facturas',
    theme: 'Tema',
    users: 'Usuarios',
    computed: 'Atributos calculados',
    server: 'Servidor',
    events: 'Eventos',
    drivers: 'Conductores',
    calendars: 'Calendarios',
    maintenances: 'Mantenimiento',
    reseller: 'Reventa',
    statistics: 'Estadísticas',
    liveLogs: 'Mensajes de los dispositivos',
    connectingDevices: 'Dispositivos intentando conectarse',
    announcements: 'Comunicados',
    userMenu: '%{name} – Perfil',
  },
};

export default coreEsES;
