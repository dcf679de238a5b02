import { useLocaleState, useTranslate } from 'react-admin';

/**
 * "3 dispositivos", "1 usuário": how many rows of `resource` an action took, for its toasts and
 * dialog titles.
 */
export const useItemsText = (resource: string) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (count: number): string =>
    `${count} ${translate(`resources.${resource}.name`, { smart_count: count }).toLocaleLowerCase(
      locale,
    )}`;
};
