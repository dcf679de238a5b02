import type { AppFrameMessages } from './enUS';

const appPtBR: AppFrameMessages = {
  app: {
    loading: 'Carregando…',
    retry: 'Tentar novamente',
    chunkFailed: 'Não foi possível carregar esta tela. Verifique sua conexão e tente novamente.',
    chunkTimeout:
      'Esta tela está demorando demais para carregar (mais de 2 minutos). Verifique sua conexão e tente novamente.',
    startFailed: 'Não foi possível carregar o aplicativo. Verifique sua conexão e tente novamente.',
  },
};

export default appPtBR;
