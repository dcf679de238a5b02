import type positionToolsEnUS from './enUS';

/** Route report: exporting and deleting the shown positions; spread into the main catalogues. */
const positionToolsEsES: typeof positionToolsEnUS = {
  positionTools: {
    export: 'Exportar ruta',
    formats: {
      gpx: 'GPX (equipos GPS)',
      kml: 'KML (para Google Earth)',
      csv: 'CSV (hoja de cálculo)',
    },
    exported: '%{name} guardado',
    deletePoint: 'Eliminar este punto',
    deleteRange: 'Eliminar el periodo',
    confirmPointTitle: '¿Eliminar esta posición?',
    confirmPoint: 'La posición de %{time} se eliminará definitivamente.',
    confirmRangeTitle: '¿Eliminar todas las posiciones del periodo?',
    confirmRange:
      '%{smart_count} posición de %{from} a %{to} se eliminará definitivamente. |||| %{smart_count} posiciones de %{from} a %{to} se eliminarán definitivamente.',
    cancel: 'Cancelar',
    confirm: 'Eliminar',
    deleted: 'Posiciones eliminadas',
    failed: 'Las posiciones no se eliminaron: %{error}',
    exportFailed: 'El archivo no se exportó: %{error}',
  },
};

export default positionToolsEsES;
