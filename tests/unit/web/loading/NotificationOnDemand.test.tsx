import { render, screen } from '@testing-library/react';
import { useEffect, useLayoutEffect } from 'react';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { NotificationOnDemand } from '../../../../src/loading/NotificationOnDemand';
import { createI18nProvider } from '../i18nCatalogs';

type Notify = ReturnType<typeof useNotify>;

/** Notices that leave the screen quickly, so the test sees several in turn. */
const brief = { autoHideDuration: 30 } as const;

const NotifyHandle = ({ onReady }: { onReady: (notify: Notify) => void }) => {
  const notify = useNotify();
  useEffect(() => onReady(notify), [notify, onReady]);
  return null;
};

/** A notice's text that, as it leaves the screen, has another notice sent. */
const SendsOnLeaving = ({ notify, text }: { notify: Notify; text: string }) => {
  useLayoutEffect(() => () => notify('Terceiro aviso', brief), [notify]);
  return <span>{text}</span>;
};

const renderApp = () => {
  let notify: Notify | null = null;
  render(
    <AdminContext i18nProvider={createI18nProvider('pt-BR')} store={memoryStore()}>
      <NotifyHandle onReady={(handle) => (notify = handle)} />
      <NotificationOnDemand />
    </AdminContext>,
  );
  if (!notify) throw new Error('notify not ready');
  return notify as Notify;
};

describe('the notification snackbar', () => {
  it('shows every notice in turn, one sent in the moment another leaves the screen included', async () => {
    const notify = renderApp();
    // The third notice is sent while React removes the first one's snackbar, after it read the
    // queue ([second]) and before it takes the second one off: a stale copy of the queue written
    // back there drops the third.
    notify(<SendsOnLeaving notify={notify} text="Primeiro aviso" />, brief);
    notify('Segundo aviso', brief);
    expect(await screen.findByText('Primeiro aviso')).toBeInTheDocument();
    expect(await screen.findByText('Segundo aviso', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Terceiro aviso', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
