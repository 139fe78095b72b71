import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DEVICE_NAME_MAX, deviceRenameInput, type Device } from '@shared/schemas/devices';
import { FormModal } from '@/lib/components/form-modal';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useRenameDevice } from '../api/change-device';

interface DeviceRenameModalProps {
  device: Device;
  onClose(): void;
}

/** Rename a floor device: the name the office and the tablet's staff see. */
export function DeviceRenameModal({ device, onClose }: DeviceRenameModalProps) {
  const { t } = useTranslation('devices');
  const form = useForm({ initialValues: { name: device.name }, validate: schemaValidator(deviceRenameInput) });
  const { formErrors, run } = useSubmit(form);
  const rename = useRenameDevice();

  const submit = form.onSubmit(async (values) => {
    const ok = await run(async () => {
      await rename.mutateAsync({ device: device.id, input: { name: values.name.trim() } });
    });
    if (ok) {
      notify.success(t('rename.done', { name: values.name.trim() }));
      onClose();
    }
  });

  return (
    <FormModal
      title={t('rename.title', { name: device.name })}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={rename.isPending}
    >
      <TextInput
        label={t('rename.name')}
        maxLength={DEVICE_NAME_MAX}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}
