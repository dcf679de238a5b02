import type liveLogsEnUS from './enUS';

/** The live device messages screen (administrators); spread into the main catalogues. */
const liveLogsEsES: typeof liveLogsEnUS = {
  liveLogs: {
    title: 'Mensajes de los dispositivos',
    hint: 'Los mensajes aparecen aquí a medida que los dispositivos los envían, mientras esta página esté abierta.',
    waiting: 'Esperando mensajes de los dispositivos…',
    paused: 'En pausa: los mensajes nuevos no se muestran',
    pause: 'Pausar',
    resume: 'Reanudar',
    clear: 'Borrar',
    count: '%{smart_count} mensaje |||| %{smart_count} mensajes',
    unknownDevice: 'Dispositivo desconocido',
    received: 'Recibido del dispositivo',
    sent: 'Enviado al dispositivo',
    columns: {
      time: 'Recibido',
      host: 'Dirección',
      protocol: 'Protocolo',
      device: 'Dispositivo',
      direction: 'Sentido',
      data: 'Datos',
    },
  },
};

export default liveLogsEsES;
