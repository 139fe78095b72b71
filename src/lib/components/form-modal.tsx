import { Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from './form-actions';

interface FormModalProps {
  title: string;
  onClose(): void;
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  /** Form-level errors of the last submit. */
  errors: string[];
  submitting: boolean;
  size?: string;
  /** Take the whole screen (long forms on a phone). */
  fullScreen?: boolean;
  /** "Save" unless told otherwise. */
  submitLabel?: ReactNode;
  children: ReactNode;
}

/** A create/edit form in a modal: the fields, the form-level errors, Cancel and Save. */
export function FormModal({
  title,
  onClose,
  onSubmit,
  errors,
  submitting,
  size = 'md',
  fullScreen = false,
  submitLabel,
  children,
}: FormModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack>
          {children}
          <FormActions errors={errors} submitting={submitting} submitLabel={submitLabel} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
