import { Alert, Button, Card, Checkbox, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';
import { useAcceptTerms, useCurrentTerms } from '../api/terms';

/** The rider reads the terms in force and accepts them (only the rider themself: spec §6). */
export function TermsAccept() {
  const { t } = useTranslation(['owner', 'common']);
  const accepted = useAppStore((state) => state.user?.terms_accepted ?? true);
  const terms = useCurrentTerms(!accepted);
  const accept = useAcceptTerms();
  const [agreed, setAgreed] = useState(false);
  const titleId = useId();
  if (accepted) return null;
  if (terms.isPending) return <Skeleton height={120} aria-label={t('common:table.loading')} />;
  if (terms.isError) return <Alert color="red">{errorText(terms.error)}</Alert>;
  const { version, body } = terms.data;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('terms.title', { version })}
        </Title>
        {body && (
          // Long terms scroll: the keyboard reaches them too.
          <ScrollArea.Autosize mah={240} type="auto" viewportProps={{ tabIndex: 0, 'aria-labelledby': titleId }}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {body}
            </Text>
          </ScrollArea.Autosize>
        )}
        <Checkbox
          label={t('terms.agree')}
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
        />
        <Button
          disabled={!agreed}
          loading={accept.isPending}
          onClick={() => accept.mutateAsync(version).then(() => notify.success(t('common:toast.saved')), showError)}
        >
          {t('terms.accept')}
        </Button>
      </Stack>
    </Card>
  );
}
