import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { venueIssuerInput } from '@shared/schemas/venue-issuer';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useUpdateVenue } from '../api/update-venue';

/** The seller fields, in the order the form shows them. */
const FIELDS = [
  'legal_name',
  'address',
  'postal_code',
  'vat_id',
  'tax_number',
  'legal_registration_id',
  'invoice_email',
  'contact_name',
  'contact_phone',
  'contact_email',
] as const;
type Field = (typeof FIELDS)[number];
type InvoicingValues = Record<Field, string>;

const checkSchema = schemaValidator<InvoicingValues>(z.object(venueIssuerInput));

const EMAILS: readonly Field[] = ['invoice_email', 'contact_email'];

/**
 * The venue's Invoicing section: the seller its invoices name (EN 16931 BG-4 to BG-6; XRechnung
 * also needs the contact's name, phone and e-mail). Empty fields are saved as empty; the invoice
 * run lists what an invoice still lacks before it takes a number.
 */
export function VenueInvoicingForm({ venue }: { venue: VenueDetail }) {
  const { t } = useTranslation('venueSetup');
  const headingId = useId();
  const update = useUpdateVenue();
  const form = useForm<InvoicingValues>({
    mode: 'uncontrolled',
    initialValues: Object.fromEntries(FIELDS.map((field) => [field, venue[field] ?? ''])) as InvoicingValues,
    validate: checkSchema,
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit(async (values) => {
    const ok = await run(async () => {
      await update.mutateAsync({ id: venue.id, ...values });
    });
    if (ok) notify.success(t('toast.saved'));
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack>
        <div>
          <Title order={2} size="h4" id={headingId}>
            {t('invoicing.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('invoicing.intro')}
          </Text>
        </div>
        <FormErrorList errors={formErrors} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <TextInput
              key={form.key(field)}
              label={t(`invoicing.${field}`)}
              description={t(`invoicing.hint.${field}`)}
              type={EMAILS.includes(field) ? 'email' : field === 'contact_phone' ? 'tel' : 'text'}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('invoicing.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
