/** A driver (`/api/drivers`); `uniqueId` is unique, e.g. an RFID or licence number. */
export interface Driver {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}
