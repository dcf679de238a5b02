import type positionToolsEnUS from './enUS';

/** Route report: exporting and deleting the shown positions; spread into the main catalogues. */
const positionToolsPtBR: typeof positionToolsEnUS = {
  positionTools: {
    export: 'Exportar rota',
    formats: {
      gpx: 'GPX (aparelhos GPS)',
      kml: 'KML (para o Google Earth)',
      csv: 'CSV (planilha)',
    },
    exported: '%{name} salvo',
    deletePoint: 'Excluir este ponto',
    deleteRange: 'Excluir o período',
    confirmPointTitle: 'Excluir esta posição?',
    confirmPoint: 'A posição de %{time} será excluída definitivamente.',
    confirmRangeTitle: 'Excluir todas as posições do período?',
    confirmRange:
      '%{smart_count} posição de %{from} a %{to} será excluída definitivamente. |||| %{smart_count} posições de %{from} a %{to} serão excluídas definitivamente.',
    cancel: 'Cancelar',
    confirm: 'Excluir',
    deleted: 'Posições excluídas',
    failed: 'As posições não foram excluídas: %{error}',
    exportFailed: 'O arquivo não foi exportado: %{error}',
  },
};

export default positionToolsPtBR;
