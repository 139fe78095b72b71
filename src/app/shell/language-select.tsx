import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '@shared/constants';
import { updateCurrentUser } from '@/features/auth/api/update-current-user';
import { showError } from '@/lib/api-error';
import { changeLanguage } from '@/lib/i18n';
import { useAppStore } from '@/lib/store';

/** Switch the UI language; a signed-in user keeps the choice on the server too. */
export function LanguageSelect() {
  const { t } = useTranslation(['shell', 'common']);
  const language = useAppStore((state) => state.language);

  async function choose(next: Language) {
    await changeLanguage(next);
    if (!useAppStore.getState().user) return;
    try {
      useAppStore.getState().setUser(await updateCurrentUser({ language: next }));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <NativeSelect
      aria-label={t('shell:language')}
      size="xs"
      value={language}
      data={LANGUAGES.map((value) => ({ value, label: t(`common:languageName.${value}`) }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void choose(next);
      }}
    />
  );
}
