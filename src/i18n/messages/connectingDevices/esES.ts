import type connectingDevicesEnUS from './enUS';

/** Devices trying to connect (administrators) and the server's switch for them; spread into the main catalogues. */
const connectingDevicesEsES: typeof connectingDevicesEnUS = {
  connectingDevices: {
    title: 'Dispositivos intentando conectarse',
    hint: 'Rastreadores que llegaron al servidor con un identificador que no está registrado como dispositivo. Añádalos para empezar a recibir sus posiciones, o descártelos. La lista se actualiza sola mientras esta página está abierta.',
    columns: {
      uniqueId: 'Identificador',
      protocol: 'Protocolo',
      address: 'Dirección',
      firstSeen: 'Primer intento',
      lastSeen: 'Último intento',
      attempts: 'Intentos',
      actions: 'Acciones',
    },
    add: 'Añadir',
    addLabel: 'Añadir el dispositivo %{uniqueId}',
    dismiss: 'Descartar',
    dismissLabel: 'Descartar %{uniqueId}',
    added: 'Dispositivo %{name} añadido',
    edit: 'Editar',
    dismissed: '%{uniqueId} salió de la lista; vuelve si el rastreador sigue intentándolo',
    failed: 'No se pudo cargar la lista: %{error}',
    actionFailed: 'La acción falló: %{error}',
    listHint:
      '%{smart_count} dispositivo intentando conectarse |||| %{smart_count} dispositivos intentando conectarse',
    empty: {
      title: 'Ningún dispositivo intentando conectarse',
      what: 'Cuando un rastreador llega al servidor con un identificador (normalmente su IMEI) que no está registrado como dispositivo, aparece aquí, para añadirlo con un clic.',
      how: 'Para dirigir un rastreador a este servidor, configúrelo (normalmente con un comando SMS: vea su manual) para enviar a la dirección %{host}, en el puerto de su protocolo.',
      ports:
        'Cada protocolo escucha en un puerto propio (definido con GT06_PORT, H02_PORT, … al iniciar el servidor):',
      auto: 'Para que los rastreadores desconocidos se registren como dispositivos al momento, active "Registrar dispositivos desconocidos automáticamente" en la configuración del servidor.',
      settings: 'Configuración del servidor',
    },
    firstTracker: {
      title: 'Conecte su primer rastreador',
      intro:
        'Sus vehículos aparecen en este mapa en cuanto el rastreador de cada uno envía su primera posición. Para ello:',
      add: 'Añada un dispositivo con el identificador del rastreador (en general el IMEI, en la etiqueta o en la caja).',
      addButton: 'Añadir dispositivo',
      askAdmin:
        'Pida al administrador de su cuenta que añada un dispositivo con el identificador del rastreador (en general el IMEI).',
      tracker:
        'Configure el rastreador (en general con un comando SMS: consulte su manual) para que envíe a la dirección %{host}, en el puerto de su protocolo:',
      app: 'O use un móvil: instale la app Traccar Client e indique, en "URL del servidor", %{address} y, en "Identificador del dispositivo", el identificador que registró.',
    },
    ports: {
      protocol: 'Protocolo',
      port: 'Puerto',
      transport: 'Transporte',
    },
    settings: {
      section: 'Rastreadores no registrados',
      registerUnknown: 'Registrar dispositivos desconocidos automáticamente',
      registerUnknownHelp:
        'Un rastreador con un identificador no registrado se convierte en un dispositivo con su identificador como nombre, en lugar de esperar en la lista de dispositivos intentando conectarse.',
      defaultGroup: 'Grupo de los dispositivos registrados automáticamente',
      defaultGroupHelp: 'Vacío: sin grupo',
    },
  },
};

export default connectingDevicesEsES;
