import { Alert, Button, Card, Group, Image, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { errorText, showError } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { uploadDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useVenue } from '../api/get-venue';
import { useUpdateVenue } from '../api/update-venue';
import { LOGO_FILE_FILTER, useUploadVenueLogo } from '../api/upload-venue-logo';

/** The venue under its own domain: the host name riders use and the logo the header shows. */
export function WhitelabelSettings({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venueSetup');
  const venue = useVenue(venueId);
  if (venue.isPending) return <Skeleton height={240} aria-label={t('overview.loading')} />;
  if (venue.isError) return <Alert color="red">{errorText(venue.error)}</Alert>;
  return (
    <Stack>
      <DomainForm venue={venue.data} />
      <LogoCard venue={venue.data} />
    </Stack>
  );
}

function DomainForm({ venue }: { venue: VenueDetail }) {
  const { t } = useTranslation('venueSetup');
  const update = useUpdateVenue();
  const form = useForm({ mode: 'uncontrolled', initialValues: { whitelabel_domain: venue.whitelabel_domain ?? '' } });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await update.mutateAsync({ id: venue.id, whitelabel_domain: values.whitelabel_domain.trim() || null });
    });
    if (saved) notify.success(t('toast.saved'));
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-labelledby="whitelabel-domain-title">
      <Stack>
        <Title order={2} size="h4" id="whitelabel-domain-title">
          {t('whitelabel.domainTitle')}
        </Title>
        <FormErrorList errors={formErrors} />
        <TextInput
          label={t('whitelabel.domain')}
          description={t('whitelabel.domainHint')}
          placeholder="show.example.com"
          autoComplete="off"
          key={form.key('whitelabel_domain')}
          {...form.getInputProps('whitelabel_domain')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LogoCard({ venue }: { venue: VenueDetail }) {
  const { t } = useTranslation('venueSetup');
  const upload = useUploadVenueLogo();

  async function chooseLogo() {
    const file = await uploadDialog({ title: t('whitelabel.uploadTitle'), filter: LOGO_FILE_FILTER });
    if (!file) return;
    try {
      await upload.mutateAsync({ venueId: venue.id, file });
      notify.success(t('toast.saved'));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby="whitelabel-logo-title">
      <Stack>
        <Title order={2} size="h4" id="whitelabel-logo-title">
          {t('whitelabel.logoTitle')}
        </Title>
        {venue.whitelabel_logo_url ? (
          <Image
            src={venue.whitelabel_logo_url}
            alt={t('whitelabel.logoAlt', { name: venue.name })}
            h={96}
            w="auto"
            maw="100%"
            fit="contain"
          />
        ) : (
          <Text c="dimmed">{t('whitelabel.noLogo')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('whitelabel.logoHint')}
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={upload.isPending}
            onClick={() => void chooseLogo()}
          >
            {venue.whitelabel_logo_url ? t('whitelabel.replaceLogo') : t('whitelabel.uploadLogo')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
