import type { Language } from '../../../model/language';

/** The fixed words of notifications around the templates: mail labels and the test message. */
export interface NotificationTexts {
  /** What a test notification says, through any channel. */
  test: string;
  mail: {
    device: string;
    event: string;
    time: string;
    address: string;
    position: string;
    /** The mail's button to the device in the app. */
    open: string;
    /** Under every notification mail; `{brand}` is the brand's name. */
    footer: string;
  };
}

export const NOTIFICATION_TEXTS: Record<Language, NotificationTexts> = {
  'pt-BR': {
    test: 'Notificação de teste',
    mail: {
      device: 'Dispositivo',
      event: 'Evento',
      time: 'Data/hora',
      address: 'Endereço',
      position: 'Posição',
      open: 'Abrir no mapa',
      footer: 'Você recebe esta mensagem por uma notificação configurada em {brand}.',
    },
  },
  'es-ES': {
    test: 'Notificación de prueba',
    mail: {
      device: 'Dispositivo',
      event: 'Evento',
      time: 'Fecha/hora',
      address: 'Dirección',
      position: 'Posición',
      open: 'Abrir en el mapa',
      footer: 'Recibe este mensaje por una notificación configurada en {brand}.',
    },
  },
  'en-US': {
    test: 'Test notification',
    mail: {
      device: 'Device',
      event: 'Event',
      time: 'Time',
      address: 'Address',
      position: 'Position',
      open: 'Open on the map',
      footer: 'You receive this message because of a notification set up in {brand}.',
    },
  },
};
