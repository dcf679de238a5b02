import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import {
  Button,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useAccess } from '../../authProvider/useAccess';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useDeleteRecords } from './bulk/deletion';

/**
 * The edit page's delete, by the same rule as the lists' (`deletion.ts`): undoable from the toast
 * where only the row goes, asked first by name ("Excluir o grupo Caminhões?") where the server
 * takes more with it. Back to the list either way.
 */
export const DeleteRecordButton = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const redirect = useRedirect();
  const { can } = useAccess();
  const { run, undoable, isPending, texts } = useDeleteRecords(resource);
  const [asking, setAsking] = useState(false);
  if (!record || !can('delete', resource, record)) return null;
  const records = [record];
  const ids = [record.id];
  const leave = () => redirect('list', resource);
  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        disabled={isPending}
        onClick={() => (undoable ? run(records, ids, leave) : setAsking(true))}
      >
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={asking}
        title={texts.question(records, ids)}
        message={texts.details(records, ids)}
        confirmLabel={translate('ra.action.delete')}
        cancelLabel={translate('ra.action.cancel')}
        confirmColor="error"
        busy={isPending}
        testId="delete-confirm"
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          run(records, ids, () => {
            setAsking(false);
            leave();
          })
        }
      />
    </>
  );
};
