import type settingsEnUS from './enUS';

const settingsPtBR: typeof settingsEnUS = {
  settings: {
    saved: 'Configurações salvas',
    failed: 'Não foi possível salvar: %{error}',
  },
};

export default settingsPtBR;
