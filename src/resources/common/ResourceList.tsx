import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  TopToolbar,
  useResourceContext,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { useAccess } from '../../authProvider/useAccess';
import { StandardBulkActions } from './bulk/StandardBulkActions';
import { ListCard } from './ListCard';
import { useListExporter } from './listExporter';
import { BulkActionsContext } from './listSelection';
import type { ExportColumn } from './listSheet';

/** Traccar lists are whole arrays: exporting all of them is cheap, so the cap is lifted. */
const EXPORT_MAX_RESULTS = 100_000;

interface ResourceListProps<R extends RaRecord> {
  children: ReactNode;
  /** The spreadsheet's columns: what the export button (and a bulk export) saves. */
  exportColumns: readonly ExportColumn<R>[];
  filters?: ReactElement[];
  sort?: SortPayload;
  /** Replaces the create button (the device list disables it at the device limit). */
  createButton?: ReactNode;
  /** Fixed filter: e.g. the user's own rows. */
  filter?: Record<string, unknown>;
  /**
   * Shown above the list, and above react-admin's empty page too (which replaces the list's own
   * content): the device list's trackers trying to connect, say.
   */
  notice?: ReactNode;
  /**
   * What can be done to the selected rows; by default export and delete. false: rows are not
   * selectable.
   */
  bulkActions?: ReactNode | false;
}

const ListToolbar = ({
  hasFilters,
  createButton,
}: {
  hasFilters: boolean;
  createButton?: ReactNode;
}) => {
  const resource = useResourceContext() ?? '';
  const { can } = useAccess();
  return (
    <TopToolbar>
      {hasFilters && <FilterButton />}
      {createButton ?? <CreateButton />}
      {can('export', resource) && <ExportButton maxResults={EXPORT_MAX_RESULTS} />}
    </TopToolbar>
  );
};

/**
 * A management list: search box, optional filters, create, spreadsheet export, 25 per page, and
 * actions on the selected rows.
 */
export const ResourceList = <R extends RaRecord>({
  children,
  exportColumns,
  filters = [],
  sort,
  createButton,
  filter,
  notice,
  bulkActions = <StandardBulkActions />,
}: ResourceListProps<R>) => {
  const resource = useResourceContext() ?? 'list';
  const exporter = useListExporter(exportColumns);
  const { can } = useAccess();
  // Rows get checkboxes only for someone who can do something with a selection.
  const selectable =
    bulkActions !== false && ['export', 'delete', 'edit'].some((action) => can(action, resource));
  const list = (
    <List
      filters={[<SearchInput source="q" alwaysOn key="q" />, ...filters]}
      filter={filter}
      sort={sort ?? { field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={exporter}
      actions={<ListToolbar hasFilters={filters.length > 0} createButton={createButton} />}
      // A table wider than a phone scrolls inside its card (ListCard); the page, search box and
      // buttons stay the screen's width.
      component={ListCard}
      sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      {children}
    </List>
  );
  return (
    <BulkActionsContext.Provider value={selectable ? bulkActions : null}>
      {notice}
      {list}
    </BulkActionsContext.Provider>
  );
};
