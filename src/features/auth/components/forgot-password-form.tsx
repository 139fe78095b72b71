import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailLinkForm } from './email-link-form';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  return (
    <EmailLinkForm
      intro={t('forgot.intro')}
      emailLabel={t('forgot.email')}
      submitLabel={t('forgot.submit')}
      sentMessage={t('forgot.sent')}
      send={(email) => request.mutateAsync({ email })}
    />
  );
}
