import type { NotificationTemplatesMessages } from './enUS';

const notificationTemplatesEsES: NotificationTemplatesMessages = {
  notificationTemplates: {
    title: 'Plantillas de notificación',
    open: 'Editar plantillas de notificación',
    back: 'Volver a la configuración del servidor',
    intro:
      'El texto de cada notificación, por tipo de evento e idioma. El asunto es la línea corta: el asunto del correo y el mensaje completo en la web, por SMS y push; el cuerpo es el texto del correo, de Telegram y del push.',
    language: 'Idioma',
    types: 'Tipos de evento',
    custom: 'Editada',
    subject: 'Asunto',
    body: 'Cuerpo',
    placeholders: 'Marcadores',
    placeholdersHint: 'Haga clic en uno para añadirlo al asunto o al cuerpo que estaba editando.',
    insert: 'Añadir %{placeholder}',
    fields: {
      device: 'Nombre del dispositivo',
      event: 'Nombre del evento',
      alarm: 'Alarma',
      geofence: 'Geocerca',
      speed: 'Velocidad',
      speedLimit: 'Límite de velocidad',
      time: 'Fecha y hora',
      address: 'Dirección',
      position: 'Coordenadas',
      link: 'Enlace al dispositivo en la aplicación',
      driver: 'Conductor',
      maintenance: 'Mantenimiento',
      result: 'Resultado del comando',
      brand: 'Nombre de la marca',
    },
    preview: 'Vista previa con un evento de ejemplo',
    previewSubject: 'Asunto del correo',
    previewShort: 'Web, SMS y push',
    previewText: 'Texto sin formato',
    previewFrame: 'Correo tal como lo ve el destinatario',
    save: 'Guardar',
    saved: 'Plantilla guardada',
    reset: 'Restablecer predeterminada',
    resetDone: 'Plantilla restablecida',
    errors: {
      unknownPlaceholder: 'Marcador desconocido: %{detail}',
      unmatchedBrace: 'Hay una llave { o } sin pareja',
      empty: 'Complete el asunto y el cuerpo',
      oneLine: 'El asunto debe tener una sola línea',
      tooLong: 'El texto supera los %{detail} caracteres',
    },
  },
};

export default notificationTemplatesEsES;
