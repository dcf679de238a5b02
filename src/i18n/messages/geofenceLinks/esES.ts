/** A qué dispositivos se aplica una geocerca, y el aviso del formulario de notificación. */
const geofenceLinksEsES = {
  geofenceLinks: {
    title: 'Se aplica a',
    intro:
      'Una geocerca solo genera eventos para los dispositivos vinculados a ella, directamente o mediante un grupo.',
    all: 'Todos mis dispositivos (%{smart_count})',
    allNote:
      'Incluye los dispositivos que añada o reciba después: generan eventos de esta geocerca sin necesidad de vincularlos.',
    allSnapshot:
      'Cada dispositivo se vincula a esta geocerca; un dispositivo añadido después debe vincularse aquí de nuevo.',
    devices: 'Dispositivos',
    groups: 'Grupos',
    count: 'Se aplica a %{smart_count} dispositivo |||| Se aplica a %{smart_count} dispositivos',
    none: 'No se aplica a ningún dispositivo: esta geocerca no genera eventos de entrada ni salida.',
    loading: 'Cargando dispositivos y grupos…',
    column: 'Dispositivos',
    ruleAlways:
      'Ninguno de sus dispositivos tiene una geocerca vinculada, así que esta regla nunca se dispara. Abra la geocerca y elija a qué dispositivos se aplica.',
    ruleLinked:
      'Los dispositivos de esta regla no tienen geocerca vinculada, así que nunca se dispara. Active "Todos los dispositivos" o vincúlela a dispositivos, y elija en la geocerca a qué dispositivos se aplica.',
    ruleFilter:
      'Ninguna de las geocercas a las que se limita esta regla está vinculada a sus dispositivos.',
  },
};

export default geofenceLinksEsES;
