import type statisticsEnUS from './enUS';

/** The server statistics page (administrators); spread into the main catalogues. */
const statisticsPtBR: typeof statisticsEnUS = {
  statistics: {
    title: 'Estatísticas',
    from: 'De',
    to: 'Até',
    show: 'Mostrar',
    empty: 'Nenhuma estatística no período',
    total: 'Total',
    invalidPeriod: 'O fim deve ser depois do início',
    failed: 'Não foi possível carregar as estatísticas: %{error}',
    columns: {
      captureTime: 'Dia',
      activeUsers: 'Usuários ativos',
      activeDevices: 'Dispositivos ativos',
      requests: 'Requisições',
      messagesReceived: 'Mensagens recebidas',
      messagesStored: 'Posições gravadas',
      mailSent: 'E-mails enviados',
      smsSent: 'SMS enviados',
      geocoderRequests: 'Consultas de endereço',
      geolocationRequests: 'Consultas de geolocalização',
      protocols: 'Protocolos',
    },
  },
};

export default statisticsPtBR;
