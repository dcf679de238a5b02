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
    codes: {
      attribute: {
        create: 'Atributo calculado creado',
        delete: 'Atributo calculado eliminado',
        update: 'Atributo calculado modificado',
      },
      calendar: {
        create: 'Calendario creado',
        delete: 'Calendario eliminado',
        update: 'Calendario modificado',
      },
      command: {
        create: 'Comando guardado creado',
        delete: 'Comando guardado eliminado',
        send: 'Comando enviado',
        update: 'Comando guardado modificado',
      },
      device: {
        accumulators: 'Odómetro/horas del dispositivo modificados',
        create: 'Dispositivo creado',
        delete: 'Dispositivo eliminado',
        update: 'Dispositivo modificado',
      },
      driver: {
        create: 'Conductor creado',
        delete: 'Conductor eliminado',
        update: 'Conductor modificado',
      },
      geofence: {
        create: 'Geocerca creado',
        delete: 'Geocerca eliminado',
        update: 'Geocerca modificado',
      },
      group: {
        create: 'Grupo creado',
        delete: 'Grupo eliminado',
        update: 'Grupo modificado',
      },
      maintenance: {
        create: 'Mantenimiento creado',
        delete: 'Mantenimiento eliminado',
        update: 'Mantenimiento modificado',
      },
      notification: {
        create: 'Notificación creado',
        delete: 'Notificación eliminado',
        test: 'Prueba de notificación',
        update: 'Notificación modificado',
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
        logout: 'Cierre de sesión',
        token: 'Token de API generado',
      },
      user: {
        create: 'Usuario creado',
        delete: 'Usuario eliminado',
        update: 'Usuario modificado',
      },
    },
  },
};

export default logsEsES;
