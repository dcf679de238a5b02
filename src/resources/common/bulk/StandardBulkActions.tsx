import { BulkDeleteAction } from './BulkDeleteAction';
import { BulkExportAction } from './BulkExportAction';

/** What every management list does to its selected rows: export them, delete them. */
export const StandardBulkActions = () => (
  <>
    <BulkExportAction />
    <BulkDeleteAction />
  </>
);
