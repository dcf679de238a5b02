import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  type Identifier,
  type RaRecord,
  useAddUndoableMutation,
  useDataProvider,
  useDeleteMany,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useServerInfo } from '../../../bootstrap/ServerInfoContext';
import { holdBack, release } from '../../../dataProvider/pendingDeletes';
import { useRecordLabel } from '../recordLabel';

/**
 * Deletes the server carries further than the row, with nothing to take them back: a device's
 * positions and events, the group its devices and sub-groups leave, a user's links, sessions and
 * shares, the scheduled reports that ran on a calendar. These are asked first, naming what goes;
 * every other delete happens at once with a "Desfazer" toast, and reaches the server only when
 * the toast closes (react-admin's undoable mode), so undoing it leaves the server untouched.
 */
const ASKED_FIRST = new Set(['device-admin', 'groups', 'users', 'calendars']);

export const deleteIsUndoable = (resource: string): boolean => !ASKED_FIRST.has(resource);

/** How many names a confirmation lists before "e mais N". */
const NAMES_SHOWN = 5;

/** The questions and answers of deleting `resource` rows, in the interface's language. */
export const useDeleteTexts = (resource: string) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const labelOf = useRecordLabel(resource);
  const { server } = useServerInfo();
  // "Safe mode": a deleted device is only hidden and unlinked, its history kept.
  const devicesKept = server.attributes?.['tarkan.enableLazyDeletion'] === true;

  /** `A, B e C`, or the first few then `e mais N`. */
  const names = (records: RaRecord[], total: number): string => {
    const shown = records.slice(0, NAMES_SHOWN).map(labelOf);
    const rest = total - shown.length;
    if (rest <= 0) return new Intl.ListFormat(locale, { type: 'conjunction' }).format(shown);
    return `${shown.join(', ')} ${translate('lists.delete.more', { smart_count: rest })}`;
  };
  const first = (records: RaRecord[], ids: Identifier[]): string =>
    records[0] ? labelOf(records[0]) : `#${String(ids[0])}`;

  return {
    /** "Excluir o grupo Caminhões?" / "Excluir os 3 grupos selecionados?" */
    question: (records: RaRecord[], ids: Identifier[]) =>
      translate(`lists.delete.question.${resource}`, {
        smart_count: ids.length,
        name: first(records, ids),
      }),
    /** What else goes, then (several rows) which ones. */
    details: (records: RaRecord[], ids: Identifier[]) => {
      const key = resource === 'device-admin' && devicesKept ? 'deviceKept' : resource;
      const consequence = translate(`lists.delete.consequence.${key}`, {
        smart_count: ids.length,
      });
      return ids.length > 1 ? `${names(records, ids.length)}. ${consequence}` : consequence;
    },
    /** The toast: "Cerca virtual Pátio excluída" / "3 cercas virtuais excluídas". */
    done: (records: RaRecord[], ids: Identifier[]) => ({
      key: `lists.delete.done.${resource}`,
      args: { smart_count: ids.length, name: first(records, ids) },
    }),
  };
};

/** The server's refusal as the screens translate it (`serverErrors.ts`), or a generic failure. */
export const errorKey = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'ra.notification.http_error';

type ListPage = { data?: RaRecord[]; total?: number };

/** Takes the rows out of every list of `resource` already on hand, until those are read again. */
const hideFromLists = (queryClient: QueryClient, resource: string, ids: Identifier[]) => {
  const gone = new Set(ids.map(String));
  queryClient.setQueriesData<ListPage>({ queryKey: [resource, 'getList'] }, (page) => {
    if (!page?.data) return page;
    const data = page.data.filter((record) => !gone.has(String(record.id)));
    const removed = page.data.length - data.length;
    return { ...page, data, total: page.total === undefined ? undefined : page.total - removed };
  });
};

/**
 * Deletes rows of `resource`: undoable ones at once behind the "Desfazer" toast, the others when
 * the caller has asked (`deleteIsUndoable`). `onDeleted` runs once the rows are gone from the
 * screen (unselecting them, leaving an edit page).
 *
 * The undoable delete is queued with the toast, as react-admin's undoable mode does, and reaches
 * the server only when the toast closes. Until then the rows are held back from every list read
 * (`pendingDeletes.ts`), so a list opened or refreshed meanwhile does not show them again.
 */
export const useDeleteRecords = (resource: string) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const addUndoableMutation = useAddUndoableMutation();
  const texts = useDeleteTexts(resource);
  const [deleteMany, { isPending }] = useDeleteMany();
  const undoable = deleteIsUndoable(resource);
  const reread = () => queryClient.invalidateQueries({ queryKey: [resource] });

  const run = (records: RaRecord[], ids: Identifier[], onDeleted?: () => void) => {
    const { key, args } = texts.done(records, ids);
    if (!undoable) {
      void deleteMany(
        resource,
        { ids },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notify(key, { type: 'info', messageArgs: args });
            onDeleted?.();
          },
          onError: (error) => notify(errorKey(error), { type: 'error' }),
        },
      );
      return;
    }
    holdBack(resource, ids);
    hideFromLists(queryClient, resource, ids);
    notify(key, { type: 'info', messageArgs: args, undoable: true });
    addUndoableMutation(({ isUndo }) => {
      if (isUndo) {
        release(resource, ids);
        void reread();
        return;
      }
      dataProvider
        .deleteMany(resource, { ids })
        .catch((error: unknown) => notify(errorKey(error), { type: 'error' }))
        .finally(() => {
          release(resource, ids);
          void reread();
        });
    });
    onDeleted?.();
  };
  return { run, undoable, isPending, texts };
};
