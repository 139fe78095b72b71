import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '@/lib/form-errors';

/** Type the code printed under a QR image (or the link it holds) when the camera cannot read it. */
export function ManualCode({ onCode }: { onCode(text: string): void }) {
  const { t } = useTranslation('floor');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label={t('scan.manualTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) setError(translateFieldError('required'));
        else onCode(code.trim());
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('scan.code')}
          description={t('scan.codeHint')}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          style={{ flex: 1 }}
        />
        <Button type="submit">{t('scan.open')}</Button>
      </Group>
    </form>
  );
}
