import type announcementsEnUS from './enUS';

/** Announcements to users (administrators and managers); spread into the main catalogues. */
const announcementsEsES: typeof announcementsEnUS = {
  announcements: {
    title: 'Comunicados',
    users: 'Destinatarios',
    usersHelp: 'Ninguno elegido: todos los usuarios que usted administra',
    channel: 'Canal',
    subject: 'Asunto',
    body: 'Mensaje',
    send: 'Enviar',
    confirmTitle: '¿Enviar este comunicado?',
    confirmUsers:
      '“%{subject}” se envía por %{channel} a %{smart_count} usuario. |||| “%{subject}” se envía por %{channel} a %{smart_count} usuarios.',
    confirmAll: '“%{subject}” se envía por %{channel} a todos los usuarios que usted administra.',
    cancel: 'Cancelar',
    confirm: 'Enviar',
    sent: 'Comunicado enviado',
    failed: 'El comunicado no se envió: %{error}',
    required: 'Escriba un asunto y un mensaje',
    noRecipients: 'No gestiona ningún usuario: no hay a quién enviar este comunicado.',
    channels: {
      mail: 'Correo',
      sms: 'SMS',
      telegram: 'Telegram',
      firebase: 'Notificación push',
      web: 'En la aplicación',
    },
  },
};

export default announcementsEsES;
