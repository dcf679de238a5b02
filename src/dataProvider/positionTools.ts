import { download, request } from './http';
import { filenameFrom } from './reports';

export type PositionFileFormat = 'gpx' | 'kml' | 'csv';

const FILE_TYPES: Record<PositionFileFormat, string> = {
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
  csv: 'text/csv',
};

export interface PositionRange {
  deviceId: number;
  from: Date;
  to: Date;
}

const rangeQuery = ({ deviceId, from, to }: PositionRange) => ({
  deviceId,
  from: from.toISOString(),
  to: to.toISOString(),
});

export const positionToolMethods = {
  /** One device's positions in a period as a GPX, KML or CSV file, named by the server. */
  downloadPositions: async (
    format: PositionFileFormat,
    range: PositionRange,
  ): Promise<{ blob: Blob; name: string }> => {
    const params = new URLSearchParams(
      Object.entries(rangeQuery(range)).map(([key, value]) => [key, String(value)]),
    );
    const { blob, disposition } = await download(
      `/api/positions/${format}?${params}`,
      FILE_TYPES[format],
    );
    return { blob, name: filenameFrom(disposition, `positions.${format}`) };
  },

  deletePosition: async (id: number): Promise<void> => {
    await request(`/api/positions/${id}`, { method: 'DELETE' });
  },

  /** Deletes the device's positions fixed in the period. */
  deletePositions: async (range: PositionRange): Promise<void> => {
    await request('/api/positions', { method: 'DELETE', query: rangeQuery(range) });
  },
};
