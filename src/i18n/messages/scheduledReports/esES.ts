import type { ScheduledReportsMessages } from './enUS';

const scheduledReportsEsES: ScheduledReportsMessages = {
  scheduledReports: {
    empty: 'Aún no hay informes programados',
    noMail:
      'Este servidor todavía no envía correos: los informes programados solo llegarán cuando un administrador configure el envío.',
    recipientsHint:
      'Cada informe se envía por correo a los usuarios vinculados a él (usted, al programarlo) al final de cada período de su calendario.',
    fields: {
      type: 'Informe',
      description: 'Descripción',
      calendarId: 'Calendario',
      daily: 'Día a día',
    },
    types: {
      route: 'Historial de rutas',
      events: 'Eventos',
      trips: 'Viajes',
      stops: 'Paradas',
      summary: 'Resumen',
    },
    dialog: {
      title: 'Programar informe',
      failed: 'No se pudo programar el informe: %{error}',
      description: 'Descripción',
      period: 'Enviar',
      calendar: 'Calendario',
      targets: '%{devices} dispositivo(s) y %{groups} grupo(s) del filtro',
      save: 'Programar',
      cancel: 'Cancelar',
      saved: 'Informe programado',
      needDescription: 'Escriba una descripción',
      needCalendar: 'Elija un calendario',
    },
    periods: {
      existing: 'Por un calendario existente',
      daily: 'Cada día (el día anterior)',
      weekly: 'Cada semana (la semana anterior)',
      monthly: 'Cada mes (el mes anterior)',
    },
    calendarNames: {
      daily: 'Informe diario',
      weekly: 'Informe semanal',
      monthly: 'Informe mensual',
    },
  },
};

export default scheduledReportsEsES;
