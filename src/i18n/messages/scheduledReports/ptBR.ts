import type { ScheduledReportsMessages } from './enUS';

const scheduledReportsPtBR: ScheduledReportsMessages = {
  scheduledReports: {
    empty: 'Nenhum relatório agendado ainda',
    noMail:
      'Este servidor ainda não envia e-mails: os relatórios agendados só chegarão depois que um administrador configurar o envio.',
    recipientsHint:
      'Cada relatório é enviado por e-mail aos usuários vinculados a ele (você, ao agendá-lo) ao fim de cada período do seu calendário.',
    fields: {
      type: 'Relatório',
      description: 'Descrição',
      calendarId: 'Calendário',
      daily: 'Dia a dia',
    },
    types: {
      route: 'Histórico de rotas',
      events: 'Eventos',
      trips: 'Viagens',
      stops: 'Paradas',
      summary: 'Resumo',
    },
    dialog: {
      title: 'Agendar relatório',
      failed: 'Não foi possível agendar o relatório: %{error}',
      description: 'Descrição',
      period: 'Enviar',
      calendar: 'Calendário',
      targets: '%{devices} dispositivo(s) e %{groups} grupo(s) do filtro',
      save: 'Agendar',
      cancel: 'Cancelar',
      saved: 'Relatório agendado',
      needDescription: 'Digite uma descrição',
      needCalendar: 'Escolha um calendário',
    },
    periods: {
      existing: 'Por um calendário existente',
      daily: 'Todo dia (o dia anterior)',
      weekly: 'Toda semana (a semana anterior)',
      monthly: 'Todo mês (o mês anterior)',
    },
    calendarNames: {
      daily: 'Relatório diário',
      weekly: 'Relatório semanal',
      monthly: 'Relatório mensal',
    },
  },
};

export default scheduledReportsPtBR;
