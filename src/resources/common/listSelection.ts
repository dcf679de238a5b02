import { createContext, type ReactNode, useContext } from 'react';

/**
 * The bulk actions of the management list around: `ResourceList` sets them, its card shows them
 * above the table once rows are selected, and the table gives rows checkboxes only when there are
 * some (null: the list has none for this user).
 */
export const BulkActionsContext = createContext<ReactNode>(null);

export const useBulkActions = (): ReactNode => useContext(BulkActionsContext);
