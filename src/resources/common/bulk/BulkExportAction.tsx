import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Button,
  fetchRelatedRecords,
  useDataProvider,
  useListContext,
  useNotify,
  useResourceContext,
} from 'react-admin';
import { useAccess } from '../../../authProvider/useAccess';
import { errorKey } from './deletion';

/**
 * The selected rows to a spreadsheet through the list's own exporter (the one the export button
 * uses for the whole list), in the order the list shows them.
 */
export const BulkExportAction = () => {
  const resource = useResourceContext() ?? '';
  const { can } = useAccess();
  const { exporter, selectedIds, sort } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  if (!exporter || !can('export', resource)) return null;
  const exportSelected = async () => {
    try {
      const { data } = await dataProvider.getList(resource, {
        filter: { id: selectedIds },
        sort,
        pagination: { page: 1, perPage: selectedIds.length },
      });
      await exporter(data, fetchRelatedRecords(dataProvider), dataProvider, resource);
    } catch (error) {
      notify(errorKey(error), { type: 'error' });
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void exportSelected()}>
      <DownloadIcon />
    </Button>
  );
};
