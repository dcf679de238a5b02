import { useCallback } from 'react';
import { type RaRecord, useTranslate } from 'react-admin';

type Row = RaRecord & Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** Where a row without a description takes its name from: its translated type. */
const TYPE_PREFIX: Record<string, string> = {
  notifications: 'events',
  events: 'events',
  'scheduled-reports': 'scheduledReports.types',
  commands: 'admin.commandTypes',
};

/**
 * The name a row is read out by (a checkbox's "Selecionar Caminhão 1", a delete's "Excluir o grupo
 * Caminhões?"): its name, else its description, else its translated type, else an e-mail, and
 * `#id` only when the row has nothing else.
 */
export const useRecordLabel = (resource: string): ((record: RaRecord) => string) => {
  const translate = useTranslate();
  return useCallback(
    (record: RaRecord) => {
      const row = record as Row;
      const own = text(row.name) || text(row.description);
      if (own) return own;
      const type = text(row.type);
      const prefix = TYPE_PREFIX[resource];
      if (type && prefix) return translate(`${prefix}.${type}`, { _: type });
      return text(row.attribute) || text(row.email) || `#${String(row.id)}`;
    },
    [resource, translate],
  );
};
