import { useMemo } from 'react';
import {
  ColumnsButton,
  ColumnsSelector,
  ColumnsSelectorItem,
  DataTableStoreContext,
  useStore,
} from 'react-admin';
import type { Column } from './ReportTable';

/** Where a report type keeps its chosen columns, and which it hides until the user shows them. */
export interface ColumnChoice {
  /** react-admin store key: the hidden columns; `<key>_columnRanks` their order. */
  storeKey: string;
  hiddenByDefault: readonly string[];
}

const NO_HIDDEN: string[] = [];

/** react-admin's column ranks, filled up to `length` with the columns they do not mention. */
const padRanks = (ranks: readonly number[], length: number): number[] => [
  ...ranks.filter((rank) => rank < length),
  ...Array.from({ length }, (_, index) => index).filter((index) => !ranks.includes(index)),
];

/**
 * The columns the user chose for this report type, in the order they chose: the same store
 * entries react-admin's `DataTable` reads, written by its column chooser below.
 */
export function useChosenColumns<T>(columns: Column<T>[], choice: ColumnChoice): Column<T>[] {
  const [hidden] = useStore<string[]>(choice.storeKey, [...choice.hiddenByDefault]);
  const [ranks] = useStore<number[] | undefined>(`${choice.storeKey}_columnRanks`);
  return useMemo(() => {
    const ordered = padRanks(ranks ?? [], columns.length).map((index) => columns[index]);
    const shown = ordered.filter((column) => !(hidden ?? NO_HIDDEN).includes(column.key));
    // A table with no column at all helps no one: the first one stays.
    return shown.length > 0 ? shown : ordered.slice(0, 1);
  }, [columns, hidden, ranks]);
}

/**
 * react-admin's column chooser (`ColumnsButton` and its selector: a switch per column, drag to
 * reorder, search, reset) over a report table: the choice is kept per report type in the
 * preferences store and survives reloads.
 */
export function ColumnChooser<T>({
  columns,
  choice,
}: {
  columns: Column<T>[];
  choice: ColumnChoice;
}) {
  const context = useMemo(
    () => ({ storeKey: choice.storeKey, defaultHiddenColumns: [...choice.hiddenByDefault] }),
    [choice],
  );
  return (
    <DataTableStoreContext.Provider value={context}>
      <ColumnsButton storeKey={choice.storeKey} data-testid="report-columns" />
      <ColumnsSelector>
        {columns.map((column) => (
          <ColumnsSelectorItem key={column.key} source={column.key} label={column.label} />
        ))}
      </ColumnsSelector>
    </DataTableStoreContext.Provider>
  );
}
