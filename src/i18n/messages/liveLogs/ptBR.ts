import type liveLogsEnUS from './enUS';

/** The live device messages screen (administrators); spread into the main catalogues. */
const liveLogsPtBR: typeof liveLogsEnUS = {
  liveLogs: {
    title: 'Mensagens dos dispositivos',
    hint: 'As mensagens aparecem aqui à medida que os dispositivos as enviam, enquanto esta página estiver aberta.',
    waiting: 'Aguardando mensagens dos dispositivos…',
    paused: 'Pausado: novas mensagens não são exibidas',
    pause: 'Pausar',
    resume: 'Retomar',
    clear: 'Limpar',
    count: '%{smart_count} mensagem |||| %{smart_count} mensagens',
    unknownDevice: 'Dispositivo desconhecido',
    received: 'Recebida do dispositivo',
    sent: 'Enviada ao dispositivo',
    columns: {
      time: 'Recebida',
      host: 'Endereço',
      protocol: 'Protocolo',
      device: 'Dispositivo',
      direction: 'Sentido',
      data: 'Dados',
    },
  },
};

export default liveLogsPtBR;
