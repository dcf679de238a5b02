import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { StateIconSprite, StateIcons } from '../../../../src/fleet/StateIcons';
import { createI18nProvider } from '../i18nCatalogs';
import { device, position } from '../liveFixtures';

describe('state icons', () => {
  it('draws every state and value from the Material icon shapes, in its colour', () => {
    render(<StateIconSprite />);
    const rules = screen.getByTestId('state-icon-styles').textContent?.split('\n') ?? [];
    expect(rules).toHaveLength(6 * 3);
    for (const rule of rules) {
      const image = decodeURIComponent(
        /url\("data:image\/svg\+xml,([^"]+)"\)/.exec(rule)?.[1] ?? '',
      );
      expect(image, rule).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg".*<path d="[Mm][^"]+"/,
      );
    }
    const rule = (state: string, value: string) =>
      decodeURIComponent(
        rules.find((r) => r.includes(`[data-state="${state}"][data-value="${value}"]`)) ?? '',
      );
    // Locked is red, unlocked green with the open padlock; an unreported state is pale grey.
    expect(rule('locked', 'true')).toContain('fill="#d32f2f"');
    expect(rule('locked', 'false')).toContain('fill="#2e7d32"');
    expect(rule('locked', 'false')).not.toEqual(
      rule('locked', 'true').replace('#d32f2f', '#2e7d32'),
    );
    expect(rule('ignition', 'undefined')).toContain('fill="#e0e0e0"');
  });

  it('gives each state one element with its translated title', () => {
    render(
      <AdminContext i18nProvider={createI18nProvider('pt-BR')} store={memoryStore()}>
        <StateIcons
          device={device(1)}
          position={position(1, { attributes: { ignition: true, blocked: false } })}
          anchored={new Set()}
          showAnchor={false}
        />
      </AdminContext>,
    );
    const icons = screen.getAllByRole('img');
    expect(icons.map((icon) => icon.getAttribute('data-state'))).toEqual([
      'alert',
      'driver',
      'ignition',
      'locked',
      'motion',
    ]);
    expect(icons.every((icon) => icon.childElementCount === 0)).toBe(true);
    expect(screen.getByRole('img', { name: 'Ignição ligada' })).toHaveAttribute(
      'data-value',
      'true',
    );
  });

  it('shows no motion for a device whose status is unknown or offline, whatever its last fix says', () => {
    const motionOf = (status: 'online' | 'offline' | 'unknown') => {
      const { unmount } = render(
        <AdminContext i18nProvider={createI18nProvider('pt-BR')} store={memoryStore()}>
          <StateIcons
            device={device(1, { status })}
            position={position(1, { attributes: { motion: true } })}
            anchored={new Set()}
            showAnchor={false}
          />
        </AdminContext>,
      );
      const icon = screen.getAllByRole('img').find((i) => i.dataset.state === 'motion');
      const seen = { value: icon?.dataset.value, title: icon?.getAttribute('aria-label') };
      unmount();
      return seen;
    };
    expect(motionOf('online')).toEqual({ value: 'true', title: 'Em movimento' });
    expect(motionOf('unknown').value).toBe('undefined');
    expect(motionOf('unknown').title).not.toBe('Em movimento');
    expect(motionOf('offline').value).toBe('undefined');
  });
});
