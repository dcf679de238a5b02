import type announcementsEnUS from './enUS';

/** Announcements to users (administrators and managers); spread into the main catalogues. */
const announcementsPtBR: typeof announcementsEnUS = {
  announcements: {
    title: 'Comunicados',
    users: 'Destinatários',
    usersHelp: 'Nenhum escolhido: todos os usuários que você gerencia',
    channel: 'Canal',
    subject: 'Assunto',
    body: 'Mensagem',
    send: 'Enviar',
    confirmTitle: 'Enviar este comunicado?',
    confirmUsers:
      '“%{subject}” vai por %{channel} para %{smart_count} usuário. |||| “%{subject}” vai por %{channel} para %{smart_count} usuários.',
    confirmAll: '“%{subject}” vai por %{channel} para todos os usuários que você gerencia.',
    cancel: 'Cancelar',
    confirm: 'Enviar',
    sent: 'Comunicado enviado',
    failed: 'O comunicado não foi enviado: %{error}',
    required: 'Escreva um assunto e uma mensagem',
    noRecipients: 'Você não gerencia nenhum usuário: não há a quem enviar este comunicado.',
    channels: {
      mail: 'E-mail',
      sms: 'SMS',
      telegram: 'Telegram',
      firebase: 'Notificação push',
      web: 'No aplicativo',
    },
  },
};

export default announcementsPtBR;
