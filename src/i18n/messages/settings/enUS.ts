/** What every settings screen says once a save is over (see src/common/useSaveFeedback.ts). */
const settingsEnUS = {
  settings: {
    saved: 'Settings saved',
    failed: 'Could not save: %{error}',
  },
};

export default settingsEnUS;
