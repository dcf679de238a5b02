import type { Command } from '../../../model/command';
import type { ExportColumn } from '../common/listSheet';

/** The saved command list's spreadsheet, with the command text the form edits. */
export const commandExportColumns: ExportColumn<Command>[] = [
  { source: 'description' },
  {
    source: 'type',
    render: (r, { translate: t }) => t(`admin.commandTypes.${r.type}`, { _: r.type }),
  },
  { source: 'textChannel' },
  { source: 'attributes.data', optional: true },
];
