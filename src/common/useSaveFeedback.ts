import { useMemo } from 'react';
import { useNotify } from 'react-admin';
import { useErrorText } from '../dataProvider/featureErrors';

export interface SaveFeedback {
  /** After the server accepted: a success toast (`key`, else the generic "settings saved"). */
  saved: (key?: string) => void;
  /** After the server refused: an error toast with its reason in the user's language. */
  failed: (error: unknown) => void;
}

/**
 * How every settings screen ends a save, so none of them leaves the user wondering whether it
 * worked: a localized confirmation, or a localized reason it did not.
 */
export const useSaveFeedback = (): SaveFeedback => {
  const notify = useNotify();
  const errorText = useErrorText();
  return useMemo(
    () => ({
      saved: (key = 'settings.saved') => notify(key, { type: 'success' }),
      failed: (error) =>
        notify('settings.failed', { type: 'error', messageArgs: { error: errorText(error) } }),
    }),
    [notify, errorText],
  );
};
