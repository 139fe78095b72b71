import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { createSetupIntent } from '../api/create-setup-intent';
import { useSaveCard } from '../api/save-card';
import { confirmSetup } from '../stripe/confirm';
import { CardField } from './card-field';

interface AddCardFormProps {
  user: number;
  stripe: Stripe;
  onDone(): void;
  onCancel(): void;
}

/**
 * Saving a card: the provider's card element, a SetupIntent asked of the server, its
 * confirmation with the provider and, once the setup is complete, the card saved
 * (POST user/{id}/stripe/ {token}). A card error shows the provider's own message (spec §8).
 */
export function AddCardForm({ user, stripe, onDone, onCancel }: AddCardFormProps) {
  const { t } = useTranslation('payments');
  const titleId = useId();
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCard();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!card) return;
    setError(null);
    setBusy(true);
    try {
      const intent = await createSetupIntent(user);
      const result = await confirmSetup(stripe, intent.client_secret, card, t('card.setupFailed'));
      if ('error' in result) {
        setError(result.error);
        return;
      }
      await save.mutateAsync({ user, token: result.token });
      onDone();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack>
          <Title order={3} size="h5" id={titleId}>
            {t('cards.addTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('cards.addIntro')}
          </Text>
          <CardField stripe={stripe} onReady={setCard} />
          {error && (
            <Alert color="red" role="alert" title={t('card.setupError')}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('cards.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!card}>
              {t('cards.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
