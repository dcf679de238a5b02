import type { ComputedAttribute } from '../../../model/attribute';
import type { ExportColumn } from '../common/listSheet';

/** The computed attribute list's spreadsheet, the type by its name. */
export const computedExportColumns: ExportColumn<ComputedAttribute>[] = [
  { source: 'description' },
  { source: 'attribute' },
  { source: 'expression' },
  {
    source: 'type',
    render: (r, { translate: t }) => t(`admin.computed.types.${r.type}`, { _: r.type }),
  },
  { source: 'priority', kind: 'number' },
];
