import { Alert, Card, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { usePublishableKey } from '../api/card-config';
import { usePayable } from '../api/list-payable';
import { paymentKeys, type PayerRef } from '../keys';
import { CardsNotSetUp } from './cards-not-set-up';
import { PayForm } from './pay-form';
import { PaidOutcome } from './payment-outcome';

interface CreatePaymentProps {
  payer: PayerRef;
  /** The signed-in user: their saved cards are offered. */
  user: number;
}

/**
 * createPayment: the venues where the party owes money, the open balance at the one chosen,
 * and paying it or part of it with a saved card or a new one.
 */
export function CreatePayment({ payer, user }: CreatePaymentProps) {
  const { t } = useTranslation('payments');
  const key = usePublishableKey();
  const payable = usePayable(payer);
  const client = useQueryClient();
  const titleId = useId();
  const [venue, setVenue] = useState<number | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  if (key.isPending || payable.isPending) return <Skeleton height={160} aria-label={t('loading')} />;
  if (key.isError || !key.data) return <CardsNotSetUp />;
  if (payable.isError) return <Alert color="red">{errorText(payable.error)}</Alert>;
  const venues = payable.data.filter((row) => row.open > 0);
  const chosen = venues.find((row) => row.venue === venue) ?? venues[0];

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('pay.title')}
        </Title>
        {paid && (
          <PaidOutcome
            intent={paid}
            onSettled={() => void client.invalidateQueries({ queryKey: paymentKeys.payable(payer.type, payer.id) })}
            onAnother={() => {
              setPaid(null);
              setAttempt((n) => n + 1);
            }}
          />
        )}
        {!paid && !chosen && <Text c="dimmed">{t('pay.nothingOpen')}</Text>}
        {!paid && chosen && (
          <>
            <NativeSelect
              maw={640}
              label={t('pay.venue')}
              value={String(chosen.venue)}
              onChange={(event) => setVenue(Number(event.currentTarget.value))}
              data={venues.map((row) => ({
                value: String(row.venue),
                label: `${row.venue_name} · ${formatMoney(row.open, row.currency)}`,
              }))}
            />
            <Group gap="xl">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t('pay.open')}
                </Text>
                <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(chosen.open, chosen.currency)}
                </Text>
              </Stack>
              {chosen.pending > 0 && (
                <Stack gap={0}>
                  <Text size="sm" c="dimmed">
                    {t('pay.pending')}
                  </Text>
                  <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(chosen.pending, chosen.currency)}
                  </Text>
                </Stack>
              )}
            </Group>
            {chosen.open - chosen.pending <= 0 ? (
              <Text>{t('pay.allPending')}</Text>
            ) : (
              <PayForm
                key={`${chosen.venue}-${attempt}`}
                payer={payer}
                venue={chosen.venue}
                currency={chosen.currency}
                payable={Math.max(0, chosen.open - chosen.pending)}
                minimum={chosen.minimum}
                origin="self"
                user={user}
                publishableKey={key.data}
                onPaid={setPaid}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
