import { Alert, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '@shared/schemas/payments';
import { showError } from '@/lib/api-error';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { confirmDialog } from '@/lib/dialogs';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublishableKey } from '../api/card-config';
import { useCards } from '../api/list-cards';
import { useRemoveCard } from '../api/remove-card';
import { brandName, cardExpiry, cardName } from '../card-label';
import { useProvider } from '../stripe/use-provider';
import { AddCardForm } from './add-card-form';
import { CardsNotSetUp } from './cards-not-set-up';

/**
 * A user's saved cards (creditCard): brand, last four digits and expiry; add one through the
 * provider's card element, remove one after a confirmation. Without the provider's keys on
 * the server: a note that card payments are not set up, nothing else.
 */
export function CreditCards({ user }: { user: number | null }) {
  const key = usePublishableKey();
  if (key.isPending) return <Skeleton height={96} />;
  if (key.isError || !key.data) return <CardsNotSetUp />;
  return <CardList user={user} publishableKey={key.data} />;
}

function CardList({ user, publishableKey }: { user: number | null; publishableKey: string }) {
  const { t } = useTranslation('payments');
  const cards = useCards(user);
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  // The provider's script comes with the form, not with the list.
  const provider = useProvider(adding ? publishableKey : null);

  const columns: Column<SavedCard>[] = [
    { label: t('cards.brand'), render: (row) => brandName(row.brand) },
    { label: t('cards.number'), render: (row) => `•••• ${row.last4}` },
    { label: t('cards.expiry'), render: (row) => cardExpiry(row) },
    { label: t('cards.added'), render: (row) => formatDate(row.created_at) },
  ];

  async function removeCard(card: SavedCard) {
    if (user === null) return;
    if (!(await confirmDialog({ message: t('cards.removeConfirm', { card: cardName(card) }) }))) return;
    try {
      await remove.mutateAsync({ user, card: card.id });
      notify.success(t('cards.removed'));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Stack>
      <RecordTable
        title={t('cards.title')}
        query={cards}
        columns={columns}
        rowKey={(row) => row.id}
        rowName={(row) => cardName(row)}
        empty={t('cards.empty')}
        addLabel={adding || user === null ? undefined : t('cards.add')}
        onAdd={() => setAdding(true)}
        onDelete={(row) => void removeCard(row)}
        deleteLabel={t('cards.remove')}
        deleteNamedLabel={(name) => t('cards.removeNamed', { card: name })}
        minWidth={420}
      />
      {adding && user !== null && provider.data && (
        <AddCardForm
          user={user}
          stripe={provider.data}
          onDone={() => {
            setAdding(false);
            notify.success(t('cards.saved'));
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {adding && provider.isPending && <Skeleton height={120} aria-label={t('card.loading')} />}
      {adding && provider.isError && (
        <Alert color="red" role="alert">
          {t('card.loadFailed')}
        </Alert>
      )}
    </Stack>
  );
}
