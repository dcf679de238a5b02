import type { ReportsMoreMessages } from './enUS';

const reportsMoreEsES: ReportsMoreMessages = {
  reportsMore: {
    views: { combined: 'Combinado', geofences: 'Geocercas' },
    hints: {
      combined: 'Rutas y eventos de varios vehículos en el mapa',
      geofences: 'Entradas y salidas de geocercas, con el tiempo dentro',
      scheduled: 'Informes enviados a su correo al final de cada período',
    },
    scheduled: 'Informes programados',
    geofences: 'Geocercas',
    needGeofence: 'Elija al menos una geocerca',
    columns: {
      geofence: 'Geocerca',
      device: 'Dispositivo',
      entered: 'Entrada',
      left: 'Salida',
      duration: 'Duración',
      time: 'Fecha y hora',
      event: 'Evento',
    },
    events: 'Eventos',
    mail: 'Correo',
    mailed: 'El informe se enviará a su correo',
    mailFailed: 'No se pudo enviar el informe: %{error}',
    schedule: 'Programar',
  },
};

export default reportsMoreEsES;
