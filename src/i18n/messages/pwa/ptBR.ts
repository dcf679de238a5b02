import type { PwaMessages } from './enUS';

const pwaPtBR: PwaMessages = {
  pwa: {
    NEW_VERSION_AVAILABLE: 'Uma nova versão do aplicativo está disponível.',
    reload: 'Recarregar agora',
    dismiss: 'Depois',
  },
};

export default pwaPtBR;
