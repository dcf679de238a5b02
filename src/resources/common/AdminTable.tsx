import { Checkbox, TableCell, TableRow, type TableRowProps } from '@mui/material';
import {
  createContext,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  type SyntheticEvent,
  useContext,
} from 'react';
import {
  DataTable,
  DataTableBody,
  type DataTableBodyProps,
  type DataTableProps,
  type RaRecord,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useGetPathForRecordCallback,
  useNavigate,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useBulkActions } from './listSelection';
import { useRecordLabel } from './recordLabel';

type LabelOf = (record: RaRecord) => string;

const RowLabelContext = createContext<LabelOf | null>(null);

/** Which row of the table the arrow keys go to from `row`, if it is one a key can reach. */
const rowBeside = (row: HTMLElement, key: 'ArrowDown' | 'ArrowUp'): HTMLElement | null => {
  const next = key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
  return next instanceof HTMLElement && next.tabIndex >= 0 ? next : null;
};

/**
 * react-admin's row, reachable from the keyboard: Tab reaches a row that opens, Enter opens it,
 * Space selects it, the arrows go to the row above or below; and its checkbox is named after the
 * row ("Selecionar Caminhão 1", not "Selecionar esta linha" twenty-five times over).
 */
const AdminRow = memo(function AdminRow({ children, className, sx }: TableRowProps) {
  const { hasBulkActions, hover = true } = useDataTableConfigContext();
  const { handleToggleItem, isRowSelectable, rowClick } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();
  const translate = useTranslate();
  const defaultLabel = useRecordLabel(resource);
  const labelOf = useContext(RowLabelContext) ?? defaultLabel;
  if (!record) return null;

  const selectable = !isRowSelectable || isRowSelectable(record);
  const selected = selectable && (selectedIds?.includes(record.id) ?? false);
  const opens = typeof rowClick === 'function' || (typeof rowClick === 'string' && rowClick !== '');
  const toggle = (event: SyntheticEvent) => {
    if (!selectable || !handleToggleItem) return;
    handleToggleItem(record.id, event);
    event.stopPropagation();
  };
  const open = async () => {
    const link =
      typeof rowClick === 'function' ? await rowClick(record.id, resource, record) : rowClick;
    if (link === false || link === undefined || link === '') return;
    const path = await getPathForRecord({ record, resource, link });
    if (path) navigate(path, { state: { _scrollToTop: true } });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Keys typed on the checkbox or a button in the row are theirs.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void open();
    } else if (event.key === ' ' && hasBulkActions) {
      event.preventDefault();
      toggle(event);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const next = rowBeside(event.currentTarget, event.key);
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  };

  return (
    <TableRow
      className={[className, 'RaDataTable-selectable', opens && 'RaDataTable-clickableRow']
        .filter(Boolean)
        .join(' ')}
      hover={hover}
      selected={selected}
      tabIndex={opens ? 0 : undefined}
      onClick={opens ? () => void open() : undefined}
      onKeyDown={onKeyDown}
      sx={[
        {
          '&:focus-visible': {
            outline: (theme) => `2px solid ${theme.palette.primary.main}`,
            outlineOffset: -2,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {hasBulkActions && handleToggleItem && (
        <TableCell padding="checkbox" onClick={(event: MouseEvent) => event.stopPropagation()}>
          <Checkbox
            color="primary"
            className="select-item RaDataTable-checkbox"
            checked={selected}
            disabled={!selectable}
            onClick={toggle}
            slotProps={{
              input: { 'aria-label': translate('lists.selectRow', { name: labelOf(record) }) },
            }}
          />
        </TableCell>
      )}
      {children}
    </TableRow>
  );
});

const AdminTableBody = (props: DataTableBodyProps) => <DataTableBody {...props} row={AdminRow} />;

export type AdminTableProps<R extends RaRecord> = Omit<
  DataTableProps<R>,
  'body' | 'bulkActionButtons' | 'bulkActionsToolbar'
> & {
  /** What a row's checkbox is named after; by default its name, description or type. */
  rowLabel?: (record: R) => string;
};

/**
 * A management table: react-admin's DataTable whose rows open with Enter and whose checkboxes say
 * which row they select. Rows are selectable when the list has bulk actions for this user; those
 * show in the list's card (`ListCard`), not over the table, where a scrolling table hid them.
 */
export const AdminTable = <R extends RaRecord>({ rowLabel, ...props }: AdminTableProps<R>) => {
  const bulkActions = useBulkActions();
  return (
    <RowLabelContext.Provider value={(rowLabel as LabelOf | undefined) ?? null}>
      <DataTable<R>
        rowClick="edit"
        {...props}
        body={AdminTableBody}
        bulkActionsToolbar={false}
        bulkActionButtons={bulkActions ? <>{bulkActions}</> : false}
      />
    </RowLabelContext.Provider>
  );
};
