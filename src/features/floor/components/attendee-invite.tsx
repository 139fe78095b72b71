import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNetwork } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attendeeInviteInput } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { requireParams } from '@/lib/require-params';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import type { LocalAttendee } from '@/offline/db';

/** POST /api/v1/attendee/{id}/invite/ {email}: the attendee gets a link to /attendee-invite/. */
export async function inviteAttendee(attendee: number, email: string): Promise<{ sent: boolean }> {
  requireParams({ data: attendee, email });
  return api.post(`attendee/${attendee}/invite/`, { email });
}

const validate = schemaValidator<{ email: string }>(attendeeInviteInput);

function InviteModal({ attendee, onClose }: { attendee: LocalAttendee & { id: number }; onClose(): void }) {
  const { t } = useTranslation(['owner', 'common']);
  const name = `${attendee.first_name} ${attendee.last_name}`.trim();
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: attendee.email ?? '' }, validate });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async ({ email }) => {
    const sent = await run(async () => {
      await inviteAttendee(attendee.id, email.trim());
    });
    if (!sent) return;
    notify.success(t('attendeeInvite.sent', { email: email.trim() }));
    onClose();
  });
  const title = t('attendeeInvite.title', { name });
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common:form.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <Text size="sm">{t('attendeeInvite.text')}</Text>
          <TextInput
            label={t('team.email')}
            type="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <FormActions
            errors={formErrors}
            submitting={form.submitting}
            submitLabel={t('attendeeInvite.send')}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Invite an attendee to an account by e-mail: online only, and only once the server has them. */
export function AttendeeInvite({ attendee }: { attendee: LocalAttendee }) {
  const { t } = useTranslation('owner');
  const { online } = useNetwork();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  if (attendee.user !== null) return null;
  const name = `${attendee.first_name} ${attendee.last_name}`.trim();
  const reason = !online
    ? t('attendeeInvite.offline')
    : typeof attendee.id !== 'number'
      ? t('attendeeInvite.unsynced')
      : null;
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-sm"
        variant="subtle"
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        aria-label={t('attendeeInvite.inviteNamed', { name })}
        onClick={() => setOpen(true)}
      >
        {t('attendeeInvite.invite')}
      </Button>
      {reason && (
        <Text size="xs" c="dimmed" id={reasonId}>
          {reason}
        </Text>
      )}
      {open && typeof attendee.id === 'number' && (
        <InviteModal attendee={{ ...attendee, id: attendee.id }} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
}
