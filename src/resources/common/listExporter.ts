import { useCallback } from 'react';
import {
  fetchRelatedRecords,
  useResourceContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import type { SheetPrefs } from '../../../model/spreadsheet';
import { saveFile } from '../../common/saveFile';
import { spreadsheetBlob } from '../../common/spreadsheetFile';
import type { FormatPrefs } from '../../i18n/formatters';
import { DEFAULT_LOCALE, isAppLocale } from '../../i18n/locales';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';
import { fetchReferences, listSheet, type ExportColumn } from './listSheet';

/** The screen's preferences as a sheet's: the interface language, the user's zone and units. */
export const sheetPrefsOf = (prefs: FormatPrefs): SheetPrefs => ({
  language: isAppLocale(prefs.locale) ? prefs.locale : DEFAULT_LOCALE,
  timezone: prefs.timeZone,
  speedUnit: prefs.speed,
  distanceUnit: prefs.distance,
});

/**
 * The exporter of a list: react-admin's `exporter(records, fetchRelatedRecords, dataProvider,
 * resource)`, so the export button and a bulk action on the selected rows both call it, and both
 * save the same spreadsheet of `columns`.
 */
export const useListExporter = <R extends RaRecord>(
  columns: readonly ExportColumn<R>[],
): Exporter<R> => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const listResource = useResourceContext();
  return useCallback<Exporter<R>>(
    async (records, fetchRelated, dataProvider, resource) => {
      const related = await fetchReferences(
        records,
        columns as readonly ExportColumn[],
        fetchRelated ?? fetchRelatedRecords(dataProvider),
      );
      const sheet = listSheet(records, columns, {
        resource: resource ?? listResource ?? '',
        translate,
        prefs: sheetPrefsOf(prefs),
        related,
        now: Date.now(),
      });
      saveFile(await spreadsheetBlob(sheet), sheet.fileName);
    },
    [columns, translate, prefs, listResource],
  );
};
