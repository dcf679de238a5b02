import type { ReportsMoreMessages } from './enUS';

const reportsMorePtBR: ReportsMoreMessages = {
  reportsMore: {
    views: { combined: 'Combinado', geofences: 'Cercas' },
    hints: {
      combined: 'Rotas e eventos de vários veículos no mapa',
      geofences: 'Entradas e saídas de cercas virtuais, com o tempo dentro',
      scheduled: 'Relatórios enviados ao seu e-mail ao fim de cada período',
    },
    scheduled: 'Relatórios agendados',
    geofences: 'Cercas',
    needGeofence: 'Escolha ao menos uma cerca',
    columns: {
      geofence: 'Cerca',
      device: 'Dispositivo',
      entered: 'Entrada',
      left: 'Saída',
      duration: 'Duração',
      time: 'Data e hora',
      event: 'Evento',
    },
    events: 'Eventos',
    mail: 'E-mail',
    mailed: 'O relatório será enviado para o seu e-mail',
    mailFailed: 'Não foi possível enviar o relatório: %{error}',
    schedule: 'Agendar',
  },
};

export default reportsMorePtBR;
