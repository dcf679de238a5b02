/** The events screen (scheduled and command notifications); spread into the main catalogues. */
const scheduledEventsEsES = {
  scheduledEvents: {
    title: 'Eventos',
    empty: 'Aún no hay notificaciones programadas o de comando',
    fields: {
      type: 'Tipo',
      description: 'Descripción',
      calendarId: 'Calendario',
      notificators: 'Canales',
      commandId: 'Comando guardado',
      always: 'Todos los dispositivos',
    },
    calendarRequired: 'Una notificación programada necesita un calendario',
    commandRequired: 'Elija el comando guardado que se enviará',
    kindRequired: 'Elija el tipo programado o el canal de comando',
    devicesHint:
      'Sin "Todos los dispositivos", vincule los dispositivos o grupos desde su pestaña de vínculos.',
  },
};

export default scheduledEventsEsES;
