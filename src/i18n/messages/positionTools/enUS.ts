/** Route report: exporting and deleting the shown positions; spread into the main catalogues. */
const positionToolsEnUS = {
  positionTools: {
    export: 'Export route',
    formats: { gpx: 'GPX (GPS devices)', kml: 'KML (for Google Earth)', csv: 'CSV (spreadsheet)' },
    exported: 'Saved %{name}',
    deletePoint: 'Delete this point',
    deleteRange: 'Delete the period',
    confirmPointTitle: 'Delete this position?',
    confirmPoint: 'The position of %{time} is deleted for good.',
    confirmRangeTitle: 'Delete every position of the period?',
    confirmRange:
      '%{smart_count} position from %{from} to %{to} is deleted for good. |||| %{smart_count} positions from %{from} to %{to} are deleted for good.',
    cancel: 'Cancel',
    confirm: 'Delete',
    deleted: 'Positions deleted',
    failed: 'The positions were not deleted: %{error}',
    exportFailed: 'The file was not exported: %{error}',
  },
};

export default positionToolsEnUS;
