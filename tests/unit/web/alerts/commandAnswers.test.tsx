import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import type { Event } from '../../../../model/event';
import {
  ANSWER_WINDOW_MS,
  awaitsAnswer,
  claimAnswer,
  noteCommandSent,
  resetCommandAnswers,
} from '../../../../src/alerts/commandAnswers';
import { ToastStack } from '../../../../src/alerts/ToastStack';
import { toastStore } from '../../../../src/alerts/toastStore';
import {
  ANSWER_TOAST_MS,
  useCommandAnswerToasts,
} from '../../../../src/alerts/useCommandAnswerToasts';
import { dataProvider } from '../../../../src/dataProvider';
import { useDeviceActions } from '../../../../src/fleet/actions/useDeviceActions';
import { attributeLabel, formatAttribute } from '../../../../src/fleet/detail/formatValue';
import type { AppLocale } from '../../../../src/i18n/locales';
import { type FlushChanges, LiveStore } from '../../../../src/live/store';
import { fakeFetch, jsonResponse, textResponse } from '../fakeFetch';
import { createI18nProvider } from '../i18nCatalogs';
import { device, position } from '../liveFixtures';

/** A store whose frames run when the test says so. */
const manualStore = () => {
  const frames: (() => void)[] = [];
  const store = new LiveStore({ schedule: (run) => frames.push(run), delay: () => undefined });
  return { store, frame: () => act(() => frames.splice(0).forEach((run) => run())) };
};

const answer = (deviceId: number, result: string, id = deviceId * 1000 + 1) =>
  position(deviceId, {
    id,
    outdated: true,
    attributes: { result },
  });

const wrapper = (locale: AppLocale) => {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={createI18nProvider(locale)}
      store={memoryStore()}
    >
      {children}
    </AdminContext>
  );
  return Wrapper;
};

beforeEach(() => {
  resetCommandAnswers();
  for (const toast of toastStore.get()) toastStore.dismiss(toast.key);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live store and command answers', () => {
  it('hands over every answer, even one a newer fix of the device replaces in the same frame', () => {
    const { store } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const reply = answer(1, 'DYD=Success!');
    store.enqueue({ devices: [device(1)] });
    store.enqueue({ positions: [reply] });
    store.enqueue({
      positions: [
        position(1, {
          id: 1002,
          fixTime: '2026-01-01T10:00:09.000Z',
          attributes: { blocked: true },
        }),
      ],
    });
    store.flush();
    const changes = listener.mock.calls[0][0] as FlushChanges;
    expect(changes.results).toEqual([reply]);
    // The newer fix is the device's latest position: the panel reads `blocked` from it.
    expect(store.getState().positions.get(1)?.attributes).toEqual({ blocked: true });
    store.enqueue({ positions: [position(1, { id: 1003, fixTime: '2026-01-01T10:00:10.000Z' })] });
    store.flush();
    expect((listener.mock.calls[1][0] as FlushChanges).results).toEqual([]);
  });

  it('drops the answers of a device the user no longer sees', () => {
    const { store } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.enqueue({ devices: [device(1)] });
    store.flush();
    store.enqueue({ positions: [answer(1, 'OK')] });
    store.enqueue({ removedDevices: [1] });
    store.flush();
    expect((listener.mock.calls[1][0] as FlushChanges).results).toEqual([]);
  });
});

describe('which answers are shown', () => {
  it('only for devices this tab sent a command to, for a few minutes', () => {
    const now = 1_000_000;
    expect(awaitsAnswer(5, now)).toBe(false);
    const forget = noteCommandSent(5, now);
    expect(awaitsAnswer(5, now + ANSWER_WINDOW_MS - 1)).toBe(true);
    expect(awaitsAnswer(6, now)).toBe(false);
    expect(awaitsAnswer(5, now + ANSWER_WINDOW_MS)).toBe(false);
    noteCommandSent(5, now + 10);
    forget();
    expect(awaitsAnswer(5, now + 20)).toBe(true);
  });

  it('once, whether the position or the commandResult event comes first', () => {
    expect(claimAnswer(5, 'OK', 41)).toBe(true);
    expect(claimAnswer(5, 'OK', 41)).toBe(false);
    // An event that does not name its position: the same text of the same device.
    expect(claimAnswer(5, 'OK', 0)).toBe(false);
    // The same text again for a later command is a new answer.
    expect(claimAnswer(5, 'OK', 42)).toBe(true);
    expect(claimAnswer(6, 'OK', 0)).toBe(true);
  });
});

describe('the answer toast', () => {
  const mount = (locale: AppLocale, muted = false) => {
    const { store, frame } = manualStore();
    store.enqueue({ devices: [device(5, { name: 'Caminhão 12' }), device(6)] });
    store.flush();
    renderHook(() => useCommandAnswerToasts(muted, store), { wrapper: wrapper(locale) });
    render(<ToastStack />, { wrapper: wrapper(locale) });
    return { store, frame };
  };

  it('says which device answered and what, in the user’s language', async () => {
    const { store, frame } = mount('pt-BR');
    noteCommandSent(5);
    store.enqueue({ positions: [answer(5, 'DYD=Success!'), answer(6, 'not ours')] });
    frame();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Resposta a comando');
    expect(toast).toHaveTextContent('Resposta de Caminhão 12: DYD=Success!');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(toastStore.get()[0].options.durationMs).toBe(ANSWER_TOAST_MS);
  });

  it('is written in Spanish and English too, and is silent when sounds are muted', async () => {
    const { store, frame } = mount('es-ES', true);
    noteCommandSent(5);
    store.enqueue({ positions: [answer(5, 'HFYD=Success!')] });
    frame();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Respuesta de Caminhão 12: HFYD=Success!');
    expect(toast).toHaveAttribute('data-sound', 'muted');
    expect(
      createI18nProvider('en-US').translate('actions.commandAnswer', {
        device: 'Van',
        result: 'OK',
      }),
    ).toBe('Answer from Van: OK');
  });

  it('is not shown for a device nobody here sent a command to, nor twice', async () => {
    const { store, frame } = mount('pt-BR');
    store.enqueue({ positions: [answer(5, 'unsolicited')] });
    frame();
    noteCommandSent(5);
    const reply = answer(5, 'DYD=Success!', 9001);
    store.enqueue({ positions: [reply] });
    frame();
    store.enqueue({ positions: [{ ...reply }] });
    frame();
    await waitFor(() => expect(screen.getAllByTestId('toast')).toHaveLength(1));
    expect(screen.queryByText(/unsolicited/)).toBeNull();
  });
});

describe('sending from the device panel', () => {
  const van = device(5, { name: 'Van' });

  it('notes the device before the server answers, so an early reply is shown', async () => {
    let noted: boolean | undefined;
    fakeFetch({
      'GET /api/commands/send': () => jsonResponse([]),
      'POST /api/commands/send': () => {
        noted = awaitsAnswer(5);
        return jsonResponse({ id: 0, deviceId: 5, type: 'engineStop', attributes: {} }, 200);
      },
    });
    const { result } = renderHook(() => useDeviceActions(van, undefined, undefined), {
      wrapper: wrapper('pt-BR'),
    });
    act(() => result.current.native('engineStop'));
    await waitFor(() => expect(noted).toBe(true));
    expect(awaitsAnswer(5)).toBe(true);
  });

  it('forgets a command the server refused', async () => {
    let answered = false;
    fakeFetch({
      'GET /api/commands/send': () => jsonResponse([]),
      'POST /api/commands/send': () => {
        answered = true;
        return textResponse('Command is not supported by the device protocol', 400);
      },
    });
    const { result } = renderHook(() => useDeviceActions(van, undefined, undefined), {
      wrapper: wrapper('pt-BR'),
    });
    act(() => result.current.native('engineStop'));
    await waitFor(() => expect(answered).toBe(true));
    await waitFor(() => expect(awaitsAnswer(5)).toBe(false));
  });
});

describe('the answer in the device panel’s attribute list', () => {
  it('has a translated label and shows the device’s text as it is', () => {
    const translate = (locale: AppLocale) => {
      const provider = createI18nProvider(locale);
      return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
    };
    const prefs = {
      locale: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
      speed: 'kmh',
      distance: 'km',
    } as const;
    expect(attributeLabel('result', translate('pt-BR'))).toBe('Resultado do comando');
    expect(attributeLabel('result', translate('es-ES'))).toBe('Resultado del comando');
    expect(attributeLabel('result', translate('en-US'))).toBe('Command result');
    expect(formatAttribute('result', 'DYD=Success!', translate('pt-BR'), prefs)).toBe(
      'DYD=Success!',
    );
  });
});

describe('an event for an answer already shown', () => {
  it('is claimed by the answer', () => {
    const event: Pick<Event, 'deviceId' | 'positionId' | 'attributes'> = {
      deviceId: 5,
      positionId: 9001,
      attributes: { result: 'DYD=Success!' },
    };
    expect(claimAnswer(5, 'DYD=Success!', 9001)).toBe(true);
    expect(claimAnswer(event.deviceId, String(event.attributes.result), event.positionId)).toBe(
      false,
    );
  });
});
