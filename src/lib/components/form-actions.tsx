import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from './form-error-list';

interface FormActionsProps {
  /** Form-level errors of the last submit. */
  errors: string[];
  submitting: boolean;
  /** "Save" unless told otherwise. */
  submitLabel?: ReactNode;
  /** With a Cancel button when given. */
  onCancel?(): void;
}

/** The end of a form: its form-level errors, then (Cancel and) the submit button on the right. */
export function FormActions({ errors, submitting, submitLabel, onCancel }: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormErrorList errors={errors} />
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" loading={submitting}>
          {submitLabel ?? t('form.save')}
        </Button>
      </Group>
    </>
  );
}
