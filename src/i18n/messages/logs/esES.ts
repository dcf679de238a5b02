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
      command: {
        send: 'Comando enviado',
      },
      device: {
        accumulators: 'Odómetro/horas del dispositivo modificados',
      },
      notification: {
        test: 'Prueba de notificación',
      },
      permission: {
        link: 'Permiso vinculado',
        unlink: 'Permiso desvinculado',
      },
      server: {
        update: 'Configuración del servidor modificada',
      },
      session: {
        login: 'Inicio de sesión',
        loginFailed: 'Inicio de sesión fallido',
        impersonate: 'Inició sesión como otro usuario',
        impersonationEnd: 'Volvió a su propia cuenta',
        logout: 'Cierre de sesión',
        token: 'Token de API generado',
      },
    },
    /** Entity names, as the subject of an action and in "<entity> #<id>". */
    entities: {
      attribute: 'Atributo calculado',
      calendar: 'Calendario',
      command: 'Comando guardado',
      device: 'Dispositivo',
      driver: 'Conductor',
      geofence: 'Geocerca',
      group: 'Grupo',
      maintenance: 'Mantenimiento',
      notification: 'Notificación',
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
      calendar: 'm',
      command: 'm',
      device: 'm',
      driver: 'm',
      geofence: 'f',
      group: 'm',
      maintenance: 'm',
      notification: 'f',
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
  },
};

export default logsEsES;
