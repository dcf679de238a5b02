import {
  XLSX_TYPE,
  addSheet,
  fitColumns,
  type Cell,
  type SheetColumn,
  type SheetPrefs,
} from '../../model/spreadsheet';

/** A whole sheet in memory, ready to be written: the list exports build one in the browser. */
export interface SpreadsheetContent {
  /** The sheet's tab name. */
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly Cell[])[];
  prefs: SheetPrefs;
}

/**
 * The .xlsx bytes of `content`, laid out as the server lays out its report sheets (the shared
 * model/spreadsheet.ts). exceljs loads only when someone exports: it is the largest library the
 * app has, and most visits never export.
 */
export async function spreadsheetBytes(
  content: SpreadsheetContent,
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = addSheet(
    workbook,
    content.name,
    fitColumns(content.columns, content.rows, content.prefs),
    content.prefs,
  );
  content.rows.forEach((row) => sheet.add(row));
  sheet.end();
  // A Buffer under Node (the unit tests), exceljs's bundled Buffer polyfill in the browser: both
  // are byte views, copied here into an array of their own.
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const spreadsheetBlob = async (content: SpreadsheetContent): Promise<Blob> =>
  new Blob([await spreadsheetBytes(content)], { type: XLSX_TYPE });
