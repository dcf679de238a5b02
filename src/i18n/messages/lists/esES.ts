import type listsEnUS from './enUS';

/** Las listas de gestión: la tabla, las acciones sobre las filas seleccionadas, el borrado. */
const listsEsES: typeof listsEnUS = {
  lists: {
    region: 'Tabla de %{name}',
    selectRow: 'Seleccionar %{name}',
    bulk: {
      selectAll: 'Seleccionar los %{smart_count}',
      toolbar: 'Acciones sobre las filas seleccionadas',
      apply: 'Aplicar',
      link: 'Vincular',
      unlink: 'Desvincular',
      linkAction: {
        geofence: 'Vincular geocerca',
        notifications: 'Vincular notificación',
        groups: 'Vincular grupo',
      },
      linkTitle: {
        geofence: 'Geocerca para %{items}',
        notifications: 'Notificación para %{items}',
        groups: 'Grupo para %{items}',
      },
      linked: 'Vinculado a %{items}: %{name}',
      unlinked: 'Desvinculado de %{items}: %{name}',
      groupAction: 'Cambiar grupo',
      groupTitle: 'Grupo de %{items}',
      noGroup: 'Sin grupo',
      grouped: 'Ahora en el grupo %{group}: %{items}',
      ungrouped: 'Ahora sin grupo: %{items}',
      enable: 'Activar',
      disable: 'Desactivar',
      enabledDone: '%{items} activado |||| %{items} activados',
      disabledDone: '%{items} desactivado |||| %{items} desactivados',
      notSelfDisable: 'Su propia cuenta no se puede desactivar aquí: desmárquela antes.',
      notSelfDelete: 'Su propia cuenta no se puede eliminar aquí: desmárquela antes.',
      command: {
        action: 'Enviar comando',
        title: 'Comando guardado para %{items}',
        none: 'No hay ningún comando guardado para enviar.',
        send: 'Enviar',
        result: '%{command}: %{outcome}',
        sent: 'recibido ahora por %{smart_count}',
        queued:
          'en cola para %{smart_count} hasta que se conecte |||| en cola para %{smart_count} hasta que se conecten',
        failed: 'falló en %{smart_count} (%{reason})',
      },
    },
    delete: {
      more: 'y %{smart_count} más',
      question: {
        'device-admin':
          '¿Eliminar el dispositivo %{name}? |||| ¿Eliminar los %{smart_count} dispositivos seleccionados?',
        groups:
          '¿Eliminar el grupo %{name}? |||| ¿Eliminar los %{smart_count} grupos seleccionados?',
        users:
          '¿Eliminar el usuario %{name}? |||| ¿Eliminar los %{smart_count} usuarios seleccionados?',
        calendars:
          '¿Eliminar el calendario %{name}? |||| ¿Eliminar los %{smart_count} calendarios seleccionados?',
      },
      consequence: {
        'device-admin':
          'Sus posiciones y eventos se eliminan con él y no se pueden recuperar. |||| Sus posiciones y eventos se eliminan con ellos y no se pueden recuperar.',
        deviceKept:
          'Sale de todas las listas y pierde sus vínculos con usuarios y grupo; su historial se queda en el servidor. |||| Salen de todas las listas y pierden sus vínculos con usuarios y grupos; su historial se queda en el servidor.',
        groups:
          'Sus dispositivos y subgrupos quedan sin grupo, y quien veía dispositivos a través de él deja de verlos. |||| Sus dispositivos y subgrupos quedan sin grupo, y quien veía dispositivos a través de ellos deja de verlos.',
        users:
          'Sus vínculos, sesiones, enlaces compartidos y facturas se eliminan con él. |||| Sus vínculos, sesiones, enlaces compartidos y facturas se eliminan con ellos.',
        calendars:
          'Los informes programados que usan este calendario también se eliminan. |||| Los informes programados que usan estos calendarios también se eliminan.',
      },
      done: {
        'device-admin': 'Dispositivo %{name} eliminado |||| %{smart_count} dispositivos eliminados',
        groups: 'Grupo %{name} eliminado |||| %{smart_count} grupos eliminados',
        geofence: 'Geocerca %{name} eliminada |||| %{smart_count} geocercas eliminadas',
        commands:
          'Comando guardado %{name} eliminado |||| %{smart_count} comandos guardados eliminados',
        notifications:
          'Notificación %{name} eliminada |||| %{smart_count} notificaciones eliminadas',
        events: 'Evento %{name} eliminado |||| %{smart_count} eventos eliminados',
        drivers: 'Conductor %{name} eliminado |||| %{smart_count} conductores eliminados',
        calendars: 'Calendario %{name} eliminado |||| %{smart_count} calendarios eliminados',
        maintenances:
          'Mantenimiento %{name} eliminado |||| %{smart_count} mantenimientos eliminados',
        computed:
          'Atributo calculado %{name} eliminado |||| %{smart_count} atributos calculados eliminados',
        users: 'Usuario %{name} eliminado |||| %{smart_count} usuarios eliminados',
        'scheduled-reports':
          'Informe programado %{name} eliminado |||| %{smart_count} informes programados eliminados',
      },
    },
  },
};

export default listsEsES;
