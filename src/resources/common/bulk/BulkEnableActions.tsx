import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { Button, useListContext, useNotify, useResourceContext, useUpdateMany } from 'react-admin';
import { useAccess } from '../../../authProvider/useAccess';
import { errorKey } from './deletion';
import { useItemsText } from './selectionText';

/**
 * Enables or disables the selected devices or users (`disabled`, each row saved whole as Traccar
 * takes it). Nobody disables their own account from here: it would sign them out for good.
 */
export const BulkEnableActions = () => {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const { can, user } = useAccess();
  const { selectedIds, onUnselectItems } = useListContext();
  const itemsText = useItemsText(resource);
  const [updateMany, { isPending }] = useUpdateMany();
  if (!can('edit', resource)) return null;
  const set = (disabled: boolean) => {
    if (disabled && resource === 'users' && user && selectedIds.includes(user.id)) {
      notify('lists.bulk.notSelfDisable', { type: 'warning' });
      return;
    }
    const count = selectedIds.length;
    void updateMany(
      resource,
      { ids: selectedIds, data: { disabled } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(disabled ? 'lists.bulk.disabledDone' : 'lists.bulk.enabledDone', {
            type: 'info',
            messageArgs: { smart_count: count, items: itemsText(count) },
          });
          onUnselectItems();
        },
        onError: (error) => notify(errorKey(error), { type: 'error' }),
      },
    );
  };
  return (
    <>
      <Button label="lists.bulk.enable" onClick={() => set(false)} disabled={isPending}>
        <CheckCircleIcon />
      </Button>
      <Button label="lists.bulk.disable" onClick={() => set(true)} disabled={isPending}>
        <BlockIcon />
      </Button>
    </>
  );
};
