import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import {
  Button,
  type RaRecord,
  useGetMany,
  useListContext,
  useNotify,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useAccess } from '../../../authProvider/useAccess';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { useDeleteRecords } from './deletion';

/**
 * Deletes the selected rows: at once with "Desfazer" where a delete takes only the row, after a
 * question naming them where the server takes more with it (`deletion.ts`).
 */
export const BulkDeleteAction = () => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const { can, user } = useAccess();
  const { selectedIds, data = [], onUnselectItems } = useListContext<RaRecord>();
  const { run, undoable, isPending, texts } = useDeleteRecords(resource);
  const [asking, setAsking] = useState(false);
  // The rows named in the question: those on this page at once, the rest (select all) fetched.
  const { data: fetched } = useGetMany(resource, { ids: selectedIds }, { enabled: asking });
  if (!can('delete', resource)) return null;

  const onPage = data.filter((record) => selectedIds.includes(record.id));
  const records = fetched && fetched.length >= onPage.length ? fetched : onPage;
  const start = () => {
    if (resource === 'users' && user && selectedIds.includes(user.id)) {
      notify('lists.bulk.notSelfDelete', { type: 'warning' });
      return;
    }
    if (undoable) run(onPage, selectedIds, () => onUnselectItems());
    else setAsking(true);
  };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={start} disabled={isPending}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={asking}
        title={texts.question(records, selectedIds)}
        message={texts.details(records, selectedIds)}
        confirmLabel={translate('ra.action.delete')}
        cancelLabel={translate('ra.action.cancel')}
        confirmColor="error"
        busy={isPending}
        testId="bulk-delete-confirm"
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          run(records, selectedIds, () => {
            setAsking(false);
            onUnselectItems();
          })
        }
      />
    </>
  );
};
