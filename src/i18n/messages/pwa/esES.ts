import type { PwaMessages } from './enUS';

const pwaEsES: PwaMessages = {
  pwa: {
    NEW_VERSION_AVAILABLE: 'Hay una nueva versión de la aplicación disponible.',
    reload: 'Recargar ahora',
    dismiss: 'Más tarde',
  },
};

export default pwaEsES;
