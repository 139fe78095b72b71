import { useTranslation } from 'react-i18next';
import { useRequestMagicLink } from '../api/request-magic-link';
import { EmailLinkForm } from './email-link-form';

interface MagicLoginFormProps {
  /** The show whose preshow pages the link should open, if any. */
  preshow: number | null;
}

/** Asks for a one-time sign-in link by e-mail. */
export function MagicLoginForm({ preshow }: MagicLoginFormProps) {
  const { t } = useTranslation('auth');
  const request = useRequestMagicLink();
  return (
    <EmailLinkForm
      intro={preshow === null ? t('magic.intro') : t('magic.introPreshow')}
      emailLabel={t('magic.email')}
      submitLabel={t('magic.submit')}
      sentMessage={t('magic.sent')}
      send={(email) => request.mutateAsync(preshow === null ? { email } : { email, preshow })}
    />
  );
}
