import type { AppFrameMessages } from './enUS';

const appEsES: AppFrameMessages = {
  app: {
    loading: 'Cargando…',
    retry: 'Reintentar',
    chunkFailed: 'No se pudo cargar esta pantalla. Compruebe su conexión e inténtelo de nuevo.',
    chunkTimeout:
      'Esta pantalla tarda demasiado en cargar (más de 2 minutos). Compruebe su conexión e inténtelo de nuevo.',
    startFailed: 'No se pudo cargar la aplicación. Compruebe su conexión e inténtelo de nuevo.',
  },
};

export default appEsES;
