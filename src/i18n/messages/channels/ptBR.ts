import type { ChannelsMessages } from './enUS';

const channelsPtBR: ChannelsMessages = {
  channels: {
    tab: 'Canais de notificação',
    secretHint: 'Guardado e nunca exibido; deixe em branco para manter',
    test: 'Testar %{channel}',
    errors: {
      notConfigured: '%{channel} não está configurado neste servidor',
      chatMissing: 'Nenhum chat do Telegram definido para sua conta',
      phoneMissing: 'Sua conta não tem telefone',
      tokensMissing: 'Nenhum aparelho registrado para notificações push',
      emailMissing: 'Sua conta não tem e-mail',
      failed: 'O envio por %{channel} falhou',
    },
    fields: {
      telegramKey: 'Token do bot do Telegram',
      telegramChatId: 'Chat padrão do Telegram',
      telegramUrl: 'Endereço da Bot API do Telegram',
      smsUrl: 'Endereço do gateway de SMS',
      smsAuthorization: 'Cabeçalho de autorização do gateway de SMS',
      smsTemplate: 'Modelo da requisição de SMS ({phone}, {message})',
      firebaseServiceAccount: 'Conta de serviço do Firebase (JSON)',
      firebaseUrl: 'Endereço do Firebase Cloud Messaging',
    },
  },
};

export default channelsPtBR;
