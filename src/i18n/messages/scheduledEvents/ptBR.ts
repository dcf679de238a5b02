/** The events screen (scheduled and command notifications); spread into the main catalogues. */
const scheduledEventsPtBR = {
  scheduledEvents: {
    title: 'Eventos',
    empty: 'Nenhuma notificação agendada ou de comando ainda',
    fields: {
      type: 'Tipo',
      description: 'Descrição',
      calendarId: 'Calendário',
      notificators: 'Canais',
      commandId: 'Comando salvo',
      always: 'Todos os dispositivos',
    },
    calendarRequired: 'Uma notificação agendada precisa de um calendário',
    commandRequired: 'Escolha o comando salvo a enviar',
    kindRequired: 'Escolha o tipo agendado ou o canal de comando',
    devicesHint:
      'Sem "Todos os dispositivos", vincule os dispositivos ou grupos pela aba de vínculos deles.',
  },
};

export default scheduledEventsPtBR;
