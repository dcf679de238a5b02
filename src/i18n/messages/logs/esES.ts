/** Audit logs; spread into the main catalogues. */
const logsEsES = {
  logs: {
    title: 'Registros',
    titleFor: {
      users: 'Registros del usuario #%{id}',
      devices: 'Registros del dispositivo #%{id}',
    },
    button: 'Registros',
    search: 'Buscar (acción, usuario, objeto, valores)',
    total: '%{smart_count} registro |||| %{smart_count} registros',
    empty: 'Sin registros',
    changes: 'Cambios (antes → después)',
    noChanges: 'Ningún valor registrado',
    command: 'Comando',
    columns: {
      time: 'Fecha/hora',
      user: 'Usuario',
      ip: 'IP',
      action: 'Acción',
      object: 'Objeto',
      result: 'Resultado',
    },
    /** Actions with a wording of their own; the rest read "<entity> <action>" below. */
    codes: {
      attribute: {
        test: 'Atributo calculado probado',
      },
      command: {
        send: 'Comando enviado',
      },
      device: {
        accumulators: 'Odómetro/horas del dispositivo modificados',
        connecting: 'Dispositivo intentando conectar descartado',
        image: 'Imagen del dispositivo subida',
      },
      integration: {
        create: 'Integración configurada',
      },
      invoice: {
        lockUser: 'Usuario bloqueado por cobro',
        unlockUser: 'Usuario desbloqueado del cobro',
        save: 'Factura guardada',
        setAsReceivedCash: 'Factura cobrada en efectivo',
        unlock: 'Desbloqueo de confianza',
        webhook: 'Aviso de pago recibido',
        manager: 'Factura modificada por el gestor',
      },
      notification: {
        send: 'Comunicado enviado',
        test: 'Prueba de notificación',
      },
      'notification-template': {
        delete: 'Plantilla de notificación restablecida',
      },
      password: {
        reset: 'Restablecimiento de contraseña solicitado',
        update: 'Contraseña restablecida',
      },
      permission: {
        link: 'Permiso vinculado',
        unlink: 'Permiso desvinculado',
      },
      'qr-driver': {
        create: 'Vehículo tomado por código QR',
      },
      server: {
        file: 'Archivo del servidor subido',
        update: 'Configuración del servidor modificada',
      },
      session: {
        login: 'Inicio de sesión',
        loginFailed: 'Inicio de sesión fallido',
        impersonate: 'Inició sesión como otro usuario',
        impersonationEnd: 'Volvió a su propia cuenta',
        logout: 'Cierre de sesión',
        password: 'Recuperación de contraseña solicitada',
        token: 'Token de API generado',
        revoke: 'Token de API revocado',
      },
      share: {
        device: 'Enlace para compartir dispositivo creado',
        group: 'Enlace para compartir grupo creado',
        session: 'Enlace compartido abierto',
      },
      theme: {
        upload: 'Imagen del tema subida',
      },
      user: {
        totp: 'Clave de verificación en dos pasos generada',
      },
    },
    /** The same actions when the server refused them (the request changed nothing). */
    refusedCodes: {
      attribute: {
        test: 'Prueba de atributo calculado rechazada',
      },
      command: {
        send: 'Envío de comando rechazado',
      },
      device: {
        accumulators: 'Modificación de odómetro/horas rechazada',
        connecting: 'Descarte de dispositivo intentando conectar rechazado',
        image: 'Subida de imagen del dispositivo rechazada',
      },
      integration: {
        create: 'Configuración de integración rechazada',
      },
      invoice: {
        lockUser: 'Bloqueo de usuario por cobro rechazado',
        unlockUser: 'Desbloqueo de usuario rechazado',
        save: 'Guardado de factura rechazado',
        setAsReceivedCash: 'Cobro en efectivo de factura rechazado',
        unlock: 'Desbloqueo de confianza rechazado',
        webhook: 'Aviso de pago rechazado',
        manager: 'Modificación de factura por el gestor rechazada',
      },
      notification: {
        send: 'Envío de comunicado rechazado',
        test: 'Prueba de notificación rechazada',
      },
      'notification-template': {
        delete: 'Restablecimiento de plantilla de notificación rechazado',
      },
      password: {
        reset: 'Solicitud de restablecimiento de contraseña rechazada',
        update: 'Restablecimiento de contraseña rechazado',
      },
      permission: {
        link: 'Vinculación de permiso rechazada',
        unlink: 'Desvinculación de permiso rechazada',
      },
      'qr-driver': {
        create: 'Toma de vehículo por código QR rechazada',
      },
      server: {
        file: 'Subida de archivo del servidor rechazada',
        update: 'Modificación de la configuración del servidor rechazada',
      },
      session: {
        login: 'Inicio de sesión rechazado',
        loginFailed: 'Inicio de sesión fallido',
        impersonate: 'Inicio de sesión como otro usuario rechazado',
        impersonationEnd: 'Vuelta a su propia cuenta rechazada',
        logout: 'Cierre de sesión rechazado',
        password: 'Recuperación de contraseña rechazada',
        token: 'Generación de token de API rechazada',
        revoke: 'Revocación de token de API rechazada',
      },
      share: {
        device: 'Creación de enlace para compartir dispositivo rechazada',
        group: 'Creación de enlace para compartir grupo rechazada',
        session: 'Apertura de enlace compartido rechazada',
      },
      theme: {
        upload: 'Subida de imagen del tema rechazada',
      },
      user: {
        totp: 'Generación de clave de verificación en dos pasos rechazada',
      },
    },
    /** Entity names, as the subject of an action and in "<entity> #<id>". */
    entities: {
      attribute: 'Atributo calculado',
      autolink: 'Vínculo automático',
      calendar: 'Calendario',
      command: 'Comando guardado',
      device: 'Dispositivo',
      driver: 'Conductor',
      geofence: 'Geocerca',
      group: 'Grupo',
      integration: 'Integración',
      invoice: 'Factura',
      maintenance: 'Mantenimiento',
      notification: 'Notificación',
      'notification-template': 'Plantilla de notificación',
      report: 'Informe programado',
      user: 'Usuario',
      server: 'Servidor',
      share: 'Enlace compartido',
      theme: 'Tema',
      permission: 'Permiso',
      position: 'Posición',
      event: 'Evento',
      order: 'Pedido',
    },
    /** Grammatical gender of each entity name (m, f), for the actions below. */
    genders: {
      attribute: 'm',
      autolink: 'm',
      calendar: 'm',
      command: 'm',
      device: 'm',
      driver: 'm',
      geofence: 'f',
      group: 'm',
      integration: 'f',
      invoice: 'f',
      maintenance: 'm',
      notification: 'f',
      'notification-template': 'f',
      report: 'm',
      user: 'm',
      server: 'm',
      share: 'm',
      theme: 'm',
      permission: 'm',
      position: 'f',
      event: 'm',
      order: 'm',
    },
    /** "<entity> created" by the entity's gender (m, f). */
    actions: {
      create: { m: '%{entity} creado', f: '%{entity} creada' },
      delete: { m: '%{entity} eliminado', f: '%{entity} eliminada' },
      update: { m: '%{entity} modificado', f: '%{entity} modificada' },
    },
    /** A refused create, update or delete: what was tried, and that it was refused. */
    refusedActions: {
      create: 'Creación de %{entityLower} rechazada',
      update: 'Modificación de %{entityLower} rechazada',
      delete: 'Eliminación de %{entityLower} rechazada',
    },
    /** The result column: whether the request did what it asked, and its HTTP status. */
    results: {
      ok: 'Completado',
      refused: 'Rechazado',
    },
  },
};

export default logsEsES;
