import type { NotificationTemplatesMessages } from './enUS';

const notificationTemplatesPtBR: NotificationTemplatesMessages = {
  notificationTemplates: {
    title: 'Modelos de notificação',
    open: 'Editar modelos de notificação',
    back: 'Voltar às configurações do servidor',
    intro:
      'O texto de cada notificação, por tipo de evento e idioma. O assunto é a linha curta: o assunto do e-mail e a mensagem inteira na web, por SMS e push; o corpo é o texto do e-mail, do Telegram e do push.',
    language: 'Idioma',
    types: 'Tipos de evento',
    custom: 'Editado',
    subject: 'Assunto',
    body: 'Corpo',
    placeholders: 'Marcadores',
    placeholdersHint:
      'Clique em um para inseri-lo no assunto ou no corpo que você estava editando.',
    insert: 'Inserir %{placeholder}',
    fields: {
      device: 'Nome do dispositivo',
      event: 'Nome do evento',
      alarm: 'Alarme',
      geofence: 'Cerca virtual',
      speed: 'Velocidade',
      speedLimit: 'Limite de velocidade',
      time: 'Data e hora',
      address: 'Endereço',
      position: 'Coordenadas',
      link: 'Link para o dispositivo no app',
      driver: 'Motorista',
      maintenance: 'Manutenção',
      result: 'Resultado do comando',
      brand: 'Nome da marca',
    },
    preview: 'Pré-visualização com um evento de exemplo',
    previewSubject: 'Assunto do e-mail',
    previewShort: 'Web, SMS e push',
    previewText: 'Texto simples',
    previewFrame: 'E-mail como o destinatário o vê',
    save: 'Salvar',
    saved: 'Modelo salvo',
    reset: 'Restaurar padrão',
    resetDone: 'Modelo restaurado ao padrão',
    errors: {
      unknownPlaceholder: 'Marcador desconhecido: %{detail}',
      unmatchedBrace: 'Há uma chave { ou } sem par',
      empty: 'Preencha o assunto e o corpo',
      oneLine: 'O assunto deve ter uma linha só',
      tooLong: 'O texto passa de %{detail} caracteres',
    },
  },
};

export default notificationTemplatesPtBR;
