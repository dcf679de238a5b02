import type statisticsEnUS from './enUS';

/** The server statistics page (administrators); spread into the main catalogues. */
const statisticsEsES: typeof statisticsEnUS = {
  statistics: {
    title: 'Estadísticas',
    from: 'Desde',
    to: 'Hasta',
    show: 'Mostrar',
    empty: 'No hay estadísticas en este periodo',
    total: 'Total',
    invalidPeriod: 'El fin debe ser posterior al inicio',
    failed: 'No se pudieron cargar las estadísticas: %{error}',
    columns: {
      captureTime: 'Día',
      activeUsers: 'Usuarios activos',
      activeDevices: 'Dispositivos activos',
      requests: 'Solicitudes',
      messagesReceived: 'Mensajes recibidos',
      messagesStored: 'Posiciones guardadas',
      mailSent: 'Correos enviados',
      smsSent: 'SMS enviados',
      geocoderRequests: 'Consultas de dirección',
      geolocationRequests: 'Consultas de geolocalización',
      protocols: 'Protocolos',
    },
  },
};

export default statisticsEsES;
