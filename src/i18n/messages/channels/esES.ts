import type { ChannelsMessages } from './enUS';

const channelsEsES: ChannelsMessages = {
  channels: {
    tab: 'Canales de notificación',
    secretHint: 'Guardado y nunca mostrado; déjelo en blanco para mantenerlo',
    test: 'Probar %{channel}',
    errors: {
      notConfigured: '%{channel} no está configurado en este servidor',
      chatMissing: 'No hay chat de Telegram definido para su cuenta',
      phoneMissing: 'Su cuenta no tiene teléfono',
      tokensMissing: 'Ningún dispositivo registrado para notificaciones push',
      emailMissing: 'Su cuenta no tiene correo electrónico',
      failed: 'El envío por %{channel} falló',
    },
    fields: {
      telegramKey: 'Token del bot de Telegram',
      telegramChatId: 'Chat predeterminado de Telegram',
      telegramUrl: 'Dirección de la Bot API de Telegram',
      smsUrl: 'Dirección del gateway de SMS',
      smsAuthorization: 'Cabecera de autorización del gateway de SMS',
      smsTemplate: 'Plantilla de la solicitud de SMS ({phone}, {message})',
      firebaseServiceAccount: 'Cuenta de servicio de Firebase (JSON)',
      firebaseUrl: 'Dirección de Firebase Cloud Messaging',
    },
  },
};

export default channelsEsES;
