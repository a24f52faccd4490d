import { useMemo } from 'react';
import { I18nContext, SelectInput, useI18nProvider, type SelectInputProps } from 'react-admin';

/**
 * A select whose empty option is named by the text it shows ("No department", "No series").
 * react-admin gives that option the accessible name "Clear value" whatever it shows, so a screen
 * reader heard one thing and saw another (axe's label-in-name, serious). Here the empty option's
 * name is its text: the translation the select asks for that name answers `emptyText`.
 */
export default function OpcionalSelectInput({ emptyText, ...props }: SelectInputProps & { emptyText: string }) {
  const i18nProvider = useI18nProvider();
  const local = useMemo(
    () => ({
      ...i18nProvider,
      translate: (key: string, options?: Record<string, unknown>) =>
        i18nProvider.translate(key === 'ra.action.clear_input_value' ? emptyText : key, options),
    }),
    [i18nProvider, emptyText],
  );
  return (
    <I18nContext.Provider value={local}>
      <SelectInput emptyText={emptyText} {...props} />
    </I18nContext.Provider>
  );
}
